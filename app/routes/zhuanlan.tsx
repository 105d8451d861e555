import { HotColumns } from '~/features/columns/hot-columns.tsx';
import { EntryFeed } from '~/features/entries/entry-feed.tsx';
import { FeedCard, FeedLayout } from '~/features/entries/feed-layout.tsx';
import { CategoryNav, SortTabs, categoryTabs } from '~/ui/nav-tabs.tsx';
import { loadColumnFeed } from '~/features/columns/columns.server.ts';
import { feedRows } from '~/features/entries/feed-rows.server.tsx';
import { COLUMN_DEFAULT_SORT } from '~/lib/content-sorts.ts';
import { seoMeta } from '~/lib/seo.ts';
import type { Route } from './+types/zhuanlan';

/** /zhuanlan/{category?}: column articles (type post); `?sort=` (default newest), `?pointer=`. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { feed, ...columns } = await loadColumnFeed(context, { url: new URL(request.url), category: params.category });
  return { ...columns, rows: feedRows(context, feed), pointer: feed.page.pointer };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seoMeta(matches, data?.category ? `${data.category.title} - 专栏` : '专栏', data?.seo);

export default function Columns({ loaderData }: Route.ComponentProps) {
  const { sort, categories, category, hot, seo: _seo, ...feed } = loaderData;
  const current = category?.name ?? 'all';
  return (
    <FeedLayout
      title={`专栏${category ? ` · ${category.title}` : ''}`}
      nav={
        <CategoryNav
          tabs={categoryTabs('/zhuanlan', categories, { value: sort, fallback: COLUMN_DEFAULT_SORT })}
          current={current}
        />
      }
      aside={<HotColumns entries={hot} />}
    >
      <FeedCard label="文章列表" header={<SortTabs current={sort} fallback={COLUMN_DEFAULT_SORT} />}>
        <EntryFeed key={`${current}:${sort}`} page={feed} sort={sort} />
      </FeedCard>
    </FeedLayout>
  );
}
