import { LANGUAGE_LIST, TRENDING_PERIOD_LABELS, TRENDING_PERIODS } from '@core/repos.ts';
import { Link } from 'react-router';
import { CustomRepos } from '~/features/repos/custom-repos.tsx';
import { ListTabs, Pager } from '~/features/repos/list-nav.tsx';
import { RepoList } from '~/features/repos/repo-list.tsx';
import { TagFilter } from '~/features/repos/tag-filter.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { loadReposIndex } from '~/features/repos/repos.server.ts';
import { PageContainer, WithAside } from '~/ui/page-layout.tsx';
import type { Route } from './+types/repos';

/** /repos: trending (period, language), newest and most starred, the tag tree and the custom home list. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadReposIndex(context, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, '开源库', '发现热门开源项目：趋势榜、最新收录和最多 star 的开源库，附社区中文翻译。');

const chip = (on: boolean) =>
  `inline-flex h-7 shrink-0 items-center rounded-full px-3 text-[13px] ${
    on ? 'bg-brand-tint font-medium text-brand' : 'text-fg-2 hover:text-brand'
  }`;

export default function Repos({ loaderData }: Route.ComponentProps) {
  const { tab, since, language, tags, custom, repoList, page, hasMore } = loaderData;
  const trendingHref = (s: string, l: string) => {
    const query = new URLSearchParams();
    if (s !== 'daily') query.set('since', s);
    if (l !== 'all') query.set('language', l);
    const text = query.toString();
    return text ? `/repos?${text}` : '/repos';
  };
  return (
    <PageContainer>
      <WithAside asideLabel="推荐" aside={<CustomRepos initial={custom} />}>
        <section aria-label="开源库" className="overflow-hidden rounded bg-card">
          <TagFilter tags={tags} selected={[]} />
          <ListTabs
            label="开源库列表"
            current={tab}
            tabs={[
              { key: 'trending', label: '趋势', to: '/repos' },
              { key: 'newest', label: '最新', to: '/repos?tab=newest' },
              { key: 'stars', label: '最多 star', to: '/repos?tab=stars' },
            ]}
          />
          {tab === 'trending' && (
            <div className="space-y-2 border-line border-b px-3 py-3 sm:px-4">
              <nav aria-label="趋势周期" className="flex gap-1">
                {TRENDING_PERIODS.map((p) => (
                  <Link
                    key={p}
                    to={trendingHref(p, language)}
                    className={chip(p === since)}
                    aria-current={p === since ? 'page' : undefined}
                    preventScrollReset
                  >
                    {TRENDING_PERIOD_LABELS[p]}
                  </Link>
                ))}
              </nav>
              <nav aria-label="语言" className="flex gap-1 overflow-x-auto [scrollbar-width:none]">
                {[{ name: 'all', title: '全部语言' }, ...LANGUAGE_LIST].map((l) => (
                  <Link
                    key={l.name}
                    to={trendingHref(since, l.name)}
                    className={chip(l.name === language)}
                    aria-current={l.name === language ? 'page' : undefined}
                    preventScrollReset
                  >
                    {l.title}
                  </Link>
                ))}
              </nav>
            </div>
          )}
          <RepoList
            repos={repoList}
            gained={tab === 'trending' ? since : undefined}
            empty={
              tab === 'trending'
                ? `${TRENDING_PERIOD_LABELS[since]}还没有涨 star 的开源库，换个周期或语言看看`
                : '还没有开源库'
            }
          />
          {tab !== 'trending' && (
            <Pager page={page} hasMore={hasMore} hrefOf={(n) => `/repos?tab=${tab}${n > 1 ? `&page=${n}` : ''}`} />
          )}
        </section>
      </WithAside>
    </PageContainer>
  );
}
