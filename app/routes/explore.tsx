import type { EntrySort } from '@core/constants.ts';
import { EntryFeed } from '~/features/entries/entry-feed.tsx';
import { FeedCard, FeedLayout } from '~/features/entries/feed-layout.tsx';
import { CategoryNav, SortTabs, categoryTabs } from '~/ui/nav-tabs.tsx';
import { loadCategoryFeed } from '~/features/entries/entries.server.ts';
import { seoMeta } from '~/lib/seo.ts';
import { pageSeo } from '~/lib/seo.server.ts';
import type { Route } from './+types/explore';

const DEFAULT_SORT: EntrySort = 'popular';

/** /explore/{category}: every category is public; `?sort=` (default popular) and `?pointer=`. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const feed = await loadCategoryFeed(context, {
    url: new URL(request.url),
    category: params.category,
    defaultSort: DEFAULT_SORT,
  });
  const name = feed.category?.name;
  const sortQuery = feed.sort === DEFAULT_SORT ? '' : `?sort=${feed.sort}`;
  return {
    ...feed,
    seo: pageSeo(context, `${name ? `/explore/${name}` : '/explore'}${sortQuery}`, {
      description: `探索${context.env.SITE_NAME}${feed.category ? `${feed.category.title}分类` : ''}的热门与最新技术文章。`,
      feeds: [
        {
          title: `${feed.category ? `${feed.category.title}最新文章` : '最新文章'} - ${context.env.SITE_NAME}`,
          href: name ? `/feed/${name}` : '/feed',
        },
      ],
    }),
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seoMeta(matches, data?.category ? `${data.category.title} - 探索` : '探索', data?.seo);

export default function Explore({ loaderData }: Route.ComponentProps) {
  const { sort, categories, category, seo: _seo, ...feed } = loaderData;
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
