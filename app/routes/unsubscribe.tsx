import { pageMeta } from '~/lib/meta.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import { UnsubscribePanel } from '~/features/mailings/unsubscribe-panel.tsx';
import { loadUnsubscribePage } from '~/features/mailings/unsubscribe.server.ts';
import type { Route } from './+types/unsubscribe';
import { PRIVATE_NO_STORE } from '@core/cache-control.ts';

/** /unsubscribe?token=…: the link at the foot of every subscription mail (signed out works). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadUnsubscribePage(context, new URL(request.url).searchParams.get('token'));
}

/** Tokens are personal: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, '退订邮件'),
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function UnsubscribePage({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <section className="mx-auto mt-6 flex w-full max-w-[400px] flex-col items-center rounded-lg bg-card p-8 text-center sm:mt-10">
        <UnsubscribePanel data={loaderData} />
      </section>
    </PageContainer>
  );
}
