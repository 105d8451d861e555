import { SetNewPasswordPanel } from '~/features/auth/set-new-password-panel.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import type { Route } from './+types/set-new-password';
import { PRIVATE_NO_STORE } from '@core/cache-control.ts';

/**
 * /set-new-password?mail_token=…: where the password reset mail leads. (`?token=` is accepted too,
 * but that name is also the API's token form, so such a page renders signed out.)
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get('mail_token') ?? params.get('token');
  return { token: token && token.length <= 200 ? token : null };
}

/** Codes, links and addresses are personal: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, '设置新密码'),
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function SetNewPasswordPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <SetNewPasswordPanel token={loaderData.token} />
    </PageContainer>
  );
}
