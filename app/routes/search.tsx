import { EmptyState } from '~/ui/empty-state.tsx';
import { EntryFeed } from '~/features/entries/entry-feed.tsx';
import { listRows } from '~/features/entries/feed-rows.server.tsx';
import { FeedCard, FeedLayout } from '~/features/entries/feed-layout.tsx';
import { Pagination } from '~/features/entries/pagination.tsx';
import { SearchForm } from '~/features/entries/search-form.tsx';
import { loadSearchResults } from '~/features/entries/entries.server.ts';
import { seoMeta } from '~/lib/seo.ts';
import { pageSeo } from '~/lib/seo.server.ts';
import type { Route } from './+types/search';

/** /search?query=&page=: entries matching the words, 20 a page, the words marked. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { entrylist, ...results } = await loadSearchResults(context, new URL(request.url));
  const query = results.query ? `?${new URLSearchParams({ query: results.query })}` : '';
  return {
    ...results,
    // The rows as HTML, sent once (the feed rows' way): the document's are not in its hydration data.
    rows: listRows(context, entrylist, results.terms),
    // Result pages are not worth indexing; the canonical keeps the words, not the page number.
    seo: pageSeo(context, `/search${query}`, {
      description: results.query ? `在${context.env.SITE_NAME}搜索“${results.query}”的结果` : undefined,
      noindex: true,
    }),
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seoMeta(matches, data?.query ? `搜索 ${data.query}` : '搜索', data?.seo);

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, page, pageCount, total, estimated, rows } = loaderData;
  const hrefOf = (n: number) => `/search?${new URLSearchParams({ query, page: String(n) })}`;
  return (
    <FeedLayout nav={<SearchForm key={query} query={query} />}>
      <FeedCard
        label="搜索结果"
        header={
          query ? (
            <h1 className="border-line border-b px-4 py-3 text-fg-2 sm:px-5">
              <span className="font-semibold text-fg">“{query}”</span> 的搜索结果，{estimated ? '约' : '共'} {total} 篇
            </h1>
          ) : (
            <h1 className="sr-only">搜索</h1>
          )
        }
      >
        {query ? (
          <>
            {/* One list a query and page: the rows' HTML is set once when the list mounts. */}
            <EntryFeed
              key={`${query}\n${page}`}
              page={{ rows, pointer: null }}
              listStats={false}
              empty={<EmptyState text="没有找到相关文章，换个关键词试试" />}
            />
            <Pagination page={page} pageCount={pageCount} hrefOf={hrefOf} />
          </>
        ) : (
          <EmptyState text="输入关键词搜索" />
        )}
      </FeedCard>
    </FeedLayout>
  );
}
