import { isWebUrl } from '@core/user-urls.ts';
import { data } from 'react-router';
import { pageMeta } from '~/lib/meta';
import { buttonClass } from '~/ui/button';
import { PageContainer } from '~/ui/page-layout';
import type { Route } from './+types/link';

/** Only http(s) targets leave through the link-out page; anything else is refused. */
function parseTarget(raw: string | null): URL | null {
  return raw && isWebUrl(raw) ? new URL(raw) : null;
}

export function loader({ request }: Route.LoaderArgs) {
  const target = parseTarget(new URL(request.url).searchParams.get('target'));
  if (!target) throw data({ message: '链接地址无效' }, { status: 400 });
  return { target: target.href, host: target.host };
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, '即将离开金砂'), { name: 'robots', content: 'noindex' }];
}

/** External links in articles pass through here, so a reader sees where they are going first. */
export default function LinkOut({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <section className="mx-auto mt-10 max-w-[560px] rounded bg-card p-8">
        <h1 className="text-lg font-semibold">即将离开金砂</h1>
        <p className="mt-2 text-fg-2">你即将访问 {loaderData.host}，请注意账号和财产安全。</p>
        <p className="mt-4 break-all rounded bg-page px-3 py-2 font-mono text-[13px] text-fg-2">{loaderData.target}</p>
        <div className="mt-6 flex justify-end">
          <a href={loaderData.target} rel="nofollow noopener noreferrer" className={buttonClass('primary', 'md')}>
            继续访问
          </a>
        </div>
      </section>
    </PageContainer>
  );
}
