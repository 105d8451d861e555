import type { EntrySort } from '@core/constants.ts';
import { EntryFeed } from '~/features/entries/entry-feed.tsx';
import { FeedCard, FeedLayout } from '~/features/entries/feed-layout.tsx';
import { CategoryNav, SortTabs, categoryTabs } from '~/features/entries/feed-tabs.tsx';
import { loadCategoryFeed } from '~/lib/entries.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import type { Route } from './+types/explore';

const DEFAULT_SORT: EntrySort = 'popular';

/** /explore/{category}: every category is public; `?sort=` (default popular) and `?pointer=`. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadCategoryFeed(context, { url: new URL(request.url), category: params.category, defaultSort: DEFAULT_SORT });
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data?.category ? `${data.category.title} - 探索` : '探索');

export default function Explore({ loaderData }: Route.ComponentProps) {
  const { sort, categories, category, ...feed } = loaderData;
  const current = category?.name ?? 'all';
  return (
    <FeedLayout
      title={`探索${category ? ` · ${category.title}` : ''}`}
      nav={
        <CategoryNav
          tabs={categoryTabs('/explore', categories, { value: sort, fallback: DEFAULT_SORT })}
          current={current}
        />
      }
    >
      <FeedCard label="文章列表" header={<SortTabs current={sort} fallback={DEFAULT_SORT} />}>
        <EntryFeed key={`${current}:${sort}`} page={feed} sort={sort} />
      </FeedCard>
    </FeedLayout>
  );
}
