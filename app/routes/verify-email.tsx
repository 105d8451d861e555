import { CircleCheck, CircleX } from '~/ui/icons.tsx';
import { Link } from 'react-router';
import { pageMeta } from '~/lib/meta.ts';
import { buttonClass } from '~/ui/button.tsx';
import { PageContainer } from '~/ui/page-layout.tsx';
import { verifyEmailForPage } from '~/features/auth/auth.server.ts';
import type { Route } from './+types/verify-email';
import { PRIVATE_NO_STORE } from '@core/cache-control.ts';

/** /verify-email?mail_token=…: the verification mail's link spends its token and says how it went. */
export function loader({ request, context }: Route.LoaderArgs) {
  return verifyEmailForPage(context, new URL(request.url).searchParams.get('mail_token'));
}

/** Codes, links and addresses are personal: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, '邮箱验证'),
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <section className="mx-auto mt-6 flex w-full max-w-[400px] flex-col items-center rounded-lg bg-card p-8 text-center sm:mt-10">
        {loaderData.ok ? (
          <>
            <CircleCheck aria-hidden size={40} strokeWidth={1.75} className="text-success" />
            <h1 className="mt-3 font-semibold text-fg text-lg">邮箱验证成功</h1>
            <p className="mt-2 break-all text-fg-2">{loaderData.email} 已通过验证。</p>
          </>
        ) : (
          <>
            <CircleX aria-hidden size={40} strokeWidth={1.75} className="text-danger" />
            <h1 className="mt-3 font-semibold text-fg text-lg">邮箱验证失败</h1>
            <p className="mt-2 text-fg-2">{loaderData.message}，请登录后重新发送验证邮件。</p>
          </>
        )}
        <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
          返回首页
        </Link>
      </section>
    </PageContainer>
  );
}
