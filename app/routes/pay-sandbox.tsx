import { data } from 'react-router';
import { SandboxConfirm } from '~/features/payments/sandbox-confirm.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireIdParam } from '~/lib/route-guards.server.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import { getSandboxOrder } from '@server/modules/payments/payments.service.ts';
import type { Route } from './+types/pay-sandbox';
import { PRIVATE_NO_STORE } from '@core/cache-control.ts';

/** /pay/sandbox/{orderId}?sig=…: the page the sandbox provider's QR opens (docs/decisions/013). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const orderId = requireIdParam(params.orderId);
  const sig = new URL(request.url).searchParams.get('sig') ?? '';
  if (!sig) throw data({ message: '找不到页面' }, { status: 404 });
  const order = await fromService(getSandboxOrder(context, { orderId, sig }));
  return { order, sig };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, '沙箱支付'),
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function PaySandboxPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <SandboxConfirm order={loaderData.order} sig={loaderData.sig} />
    </PageContainer>
  );
}
