import { Link } from 'react-router';
import { FeedCard, FeedLayout } from '~/features/entries/feed-layout.tsx';
import { Pagination } from '~/features/entries/pagination.tsx';
import { SubscribeNav, TagSearchForm } from '~/features/tags/subscribe-nav.tsx';
import { TagList } from '~/features/tags/tag-list.tsx';
import { loadAllTags } from '~/features/tags/tags.server.ts';
import { seoMeta } from '~/lib/seo.ts';
import type { Route } from './+types/subscribe-all';

/** /subscribe/all: every tag, `?sort=hot|new` (default hot), `?query=` searches titles, `?page=`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAllTags(context, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seoMeta(matches, data?.query ? `标签 ${data.query}` : '全部标签', data?.seo);

const SORTS = [
  { key: 'hot', label: '最热' },
  { key: 'new', label: '最新' },
] as const;

export default function AllTags({ loaderData }: Route.ComponentProps) {
  const { tagList, total, sort, query, page, pageCount } = loaderData;
  const hrefOf = (n: number, nextSort: string = sort) => {
    const params = new URLSearchParams();
    if (nextSort !== 'hot') params.set('sort', nextSort);
    if (query) params.set('query', query);
    if (n > 1) params.set('page', String(n));
    const search = params.toString();
    return `/subscribe/all${search ? `?${search}` : ''}`;
  };
  return (
    <FeedLayout title="全部标签" nav={<SubscribeNav current="all" />}>
      <div className="mb-3">
        <TagSearchForm key={query} query={query} sort={sort} />
      </div>
      <FeedCard
        label="全部标签"
        header={
          <div className="flex items-center justify-between gap-3 border-line border-b px-4 py-2 sm:px-5">
            <p className="text-fg-2">
              {query ? (
                <>
                  “<span className="font-semibold text-fg">{query}</span>” 的标签，共 {total} 个
                </>
              ) : (
                <>共 {total} 个标签</>
              )}
            </p>
            <nav aria-label="标签排序" className="flex gap-1 text-[13px]">
              {SORTS.map((item) => (
                <Link
                  key={item.key}
                  to={hrefOf(1, item.key)}
                  aria-current={item.key === sort ? 'page' : undefined}
                  className={`rounded px-2 py-1 ${item.key === sort ? 'font-medium text-brand' : 'text-fg-2 hover:text-brand'}`}
                >
                  {item.label}
                </Link>
              ))}
            </nav>
          </div>
        }
      >
        <TagList tags={tagList} />
        <Pagination page={page} pageCount={pageCount} hrefOf={(n) => hrefOf(n)} />
      </FeedCard>
    </FeedLayout>
  );
}
