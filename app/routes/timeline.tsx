import { Link } from 'react-router';
import { EmptyState } from '~/ui/empty-state.tsx';
import { EntryFeed } from '~/features/entries/entry-feed.tsx';
import { FeedCard, FeedLayout } from '~/features/entries/feed-layout.tsx';
import { CategoryNav, SortTabs, categoryTabs } from '~/ui/nav-tabs.tsx';
import { loadCategoryFeed, loadFollowingFeed } from '~/features/entries/entries.server.ts';
import { FOLLOWING_CATEGORY as FOLLOWING, TIMELINE_DEFAULT_SORT as DEFAULT_SORT } from '~/features/entries/timeline.ts';
import { pageMeta } from '~/lib/meta.ts';
import { requireSignedIn } from '~/lib/route-guards.server.ts';
import type { Route } from './+types/timeline';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireSignedIn(context);
  const url = new URL(request.url);
  if (params.category === FOLLOWING) {
    return { following: true as const, ...(await loadFollowingFeed(context, { url })) };
  }
  const feed = await loadCategoryFeed(context, { url, category: params.category, defaultSort: DEFAULT_SORT });
  return { following: false as const, ...feed };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data?.following ? '我关注的' : (data?.category?.title ?? null));

export default function Timeline({ loaderData }: Route.ComponentProps) {
  const sort = loaderData.following ? null : loaderData.sort;
  const current = loaderData.following ? FOLLOWING : (loaderData.category?.name ?? 'all');
  const tabs = [
    { key: FOLLOWING, label: '我关注的', to: `/timeline/${FOLLOWING}` },
    ...categoryTabs('/timeline', loaderData.categories, sort && { value: sort, fallback: DEFAULT_SORT }),
  ];
  const feed = { rows: loaderData.rows, pointer: loaderData.pointer };
  return (
    <FeedLayout
      title={tabs.find((tab) => tab.key === current)?.label}
      nav={<CategoryNav tabs={tabs} current={current} />}
    >
      <FeedCard label="文章列表" header={sort && <SortTabs current={sort} fallback={DEFAULT_SORT} />}>
        {sort ? (
          <EntryFeed key={`${current}:${sort}`} page={feed} sort={sort} />
        ) : (
          <EntryFeed
            key={current}
            page={feed}
            empty={
              <EmptyState
                text="关注的作者和订阅的标签还没有文章"
                action={
                  <Link to="/subscribe/all" className="text-brand hover:text-brand-hover">
                    去订阅标签
                  </Link>
                }
              />
            }
          />
        )}
      </FeedCard>
    </FeedLayout>
  );
}
