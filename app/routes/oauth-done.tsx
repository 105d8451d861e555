import { useEffect } from 'react';
import { Link } from 'react-router';
import { OAUTH_MESSAGE_TYPE, type OAuthPopupMessage } from '~/lib/oauth-popup.ts';
import { pageMeta } from '~/lib/meta.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import type { Route } from './+types/oauth-done';

const RESULTS = ['created', 'signed-in', 'bound', 'error'] as const;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get('result');
  const result = (RESULTS as readonly string[]).includes(raw ?? '') ? (raw as OAuthPopupMessage['result']) : 'error';
  const message =
    result === 'error' ? (url.searchParams.get('message') ?? '第三方登录失败，请重试').slice(0, 100) : null;
  return { result, message };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '第三方登录');

/**
 * Where the OAuth popup ends (server/modules/account): it tells the window that opened it how it
 * went and closes itself; that window reloads signed in. Without an opener it goes home.
 */
export default function OAuthDone({ loaderData }: Route.ComponentProps) {
  const { result, message } = loaderData;
  useEffect(() => {
    const opener = window.opener as Window | null;
    if (opener && !opener.closed) {
      const data: OAuthPopupMessage = { type: OAUTH_MESSAGE_TYPE, result, message };
      opener.postMessage(data, window.location.origin);
      window.close();
    } else if (result !== 'error') {
      window.location.replace(result === 'bound' ? '/user/settings/account' : '/');
    }
  }, [result, message]);
  return (
    <PageContainer>
      <div className="mx-auto max-w-md rounded bg-card p-6 text-center">
        <p className={result === 'error' ? 'text-danger' : 'text-fg'}>
          {result === 'error' ? message : result === 'bound' ? '绑定成功，正在返回…' : '登录成功，正在返回…'}
        </p>
        <Link to="/" className="mt-4 inline-block text-brand text-sm hover:underline">
          返回首页
        </Link>
      </div>
    </PageContainer>
  );
}
