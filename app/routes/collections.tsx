import { FolderPlus } from '~/ui/icons.tsx';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CollectionCard } from '~/features/collections/collection-card.tsx';
import { CollectionFormDialog } from '~/features/collections/collection-form-dialog.tsx';
import { EmptyState } from '~/ui/empty-state.tsx';
import { FeedLayout } from '~/features/entries/feed-layout.tsx';
import { CategoryNav } from '~/ui/nav-tabs.tsx';
import { Pagination } from '~/features/entries/pagination.tsx';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { loadCollectionsPage } from '~/features/collections/collections.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { Button } from '~/ui/button.tsx';
import type { Route } from './+types/collections';

/** /collections/{recommended|all}: collections, 30 a page; ?sort=new|hot, ?tag=, ?page=. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadCollectionsPage(context, params.type, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data?.type === 'all' ? '全部收藏集' : '推荐收藏集', '金砂用户精心整理的文章收藏集');

const chip = (active: boolean) =>
  `inline-flex h-7 items-center rounded-full px-3 text-[13px] transition-colors duration-150 ${
    active ? 'bg-brand-tint text-brand' : 'bg-page text-fg-2 hover:text-brand'
  }`;

export default function Collections({ loaderData }: Route.ComponentProps) {
  const { type, rankType, tag, page, pageCount, collections, hotTags, sum } = loaderData;
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const [creating, setCreating] = useState(false);
  const base = type === 'all' ? '/collections/all' : '/collections';
  const hrefOf = (next: { page?: number; sort?: string; tag?: string }) => {
    const query = new URLSearchParams();
    const sort = next.sort ?? rankType;
    const tagValue = next.tag ?? tag;
    if (sort !== 'new') query.set('sort', sort);
    if (tagValue) query.set('tag', tagValue);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    const text = query.toString();
    return text ? `${base}?${text}` : base;
  };
  const tagQuery = tag ? `?tag=${encodeURIComponent(tag)}` : '';

  return (
    <FeedLayout
      title="收藏集"
      nav={
        <CategoryNav
          current={type}
          tabs={[
            { key: 'recommended', label: '推荐收藏集', to: `/collections${tagQuery}` },
            { key: 'all', label: '全部收藏集', to: `/collections/all${tagQuery}` },
          ]}
        />
      }
      aside={
        <section aria-label="热门标签" className="rounded bg-card p-4">
          <h2 className="font-medium text-fg">热门标签</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            <li>
              <Link to={hrefOf({ tag: '' })} className={chip(!tag)}>
                全部
              </Link>
            </li>
            {hotTags.map((t) => (
              <li key={t.id}>
                <Link to={hrefOf({ tag: t.title })} className={chip(tag === t.title)}>
                  {t.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      }
    >
      <section aria-label="收藏集列表" className="rounded bg-card">
        <div className="flex flex-wrap items-center justify-between gap-3 border-line border-b px-4 py-3 sm:px-5">
          <div className="flex items-center gap-4 text-sm">
            <Link
              to={hrefOf({ sort: 'new' })}
              aria-current={rankType === 'new' ? 'true' : undefined}
              className={rankType === 'new' ? 'font-medium text-brand' : 'text-fg-2 hover:text-brand'}
            >
              最新
            </Link>
            <Link
              to={hrefOf({ sort: 'hot' })}
              aria-current={rankType === 'hot' ? 'true' : undefined}
              className={rankType === 'hot' ? 'font-medium text-brand' : 'text-fg-2 hover:text-brand'}
            >
              最热
            </Link>
            <span className="text-[13px] text-fg-3">
              {tag ? `“${tag}” ` : ''}共 {sum} 个
            </span>
          </div>
          <Button
            onClick={() => {
              try {
                requireLogin();
              } catch {
                return;
              }
              setCreating(true);
            }}
          >
            <FolderPlus aria-hidden size={16} strokeWidth={1.75} />
            新建收藏集
          </Button>
        </div>
        {collections.length === 0 ? (
          <EmptyState text="这里还没有收藏集" />
        ) : (
          <ul className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 sm:p-5">
            {collections.map((collection) => (
              <CollectionCard key={collection.id} collection={collection} />
            ))}
          </ul>
        )}
        <Pagination page={page} pageCount={pageCount} hrefOf={(n) => hrefOf({ page: n })} />
      </section>
      <CollectionFormDialog
        open={creating}
        onOpenChange={setCreating}
        onSaved={(created) => navigate(`/collection/${created.id}`)}
      />
    </FeedLayout>
  );
}
