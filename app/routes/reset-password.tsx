import { RESET_PASSWORD_MESSAGE } from '@core/validation.ts';
import { ResetPasswordPanel } from '~/features/auth/reset-password-panel.tsx';
import { initialResetTab } from '~/features/auth/reset-password.ts';
import { pageMeta } from '~/lib/meta.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import type { Route } from './+types/reset-password';
import { PRIVATE_NO_STORE } from '@core/cache-control.ts';

/**
 * /reset-password?type=phoneNumber|email&account=…&msg=…: the forgot-password page and the
 * target of a 410 login. Only the spec's own message is shown from the query.
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const msg = params.get('msg');
  return {
    tab: initialResetTab(params.get('type')),
    account: (params.get('account') ?? '').slice(0, 64),
    message: msg === RESET_PASSWORD_MESSAGE ? msg : null,
  };
}

/** Codes, links and addresses are personal: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, '重置密码'),
  { name: 'robots', content: 'noindex' },
];

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { tab, account, message } = loaderData;
  return (
    <PageContainer>
      <ResetPasswordPanel key={`${tab}:${account}`} initialTab={tab} account={account} message={message} />
    </PageContainer>
  );
}
