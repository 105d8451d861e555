import { formatCount } from '@core/format.ts';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { CollectionCover } from '~/features/collections/collection-cover.tsx';
import { CollectionFormDialog } from '~/features/collections/collection-form-dialog.tsx';
import { DeleteCollectionButton } from '~/features/collections/delete-collection-dialog.tsx';
import { FollowCollectionButton } from '~/features/collections/follow-collection-button.tsx';
import type { CollectionView } from '~/features/collections/types.ts';
import { EmptyState } from '~/ui/empty-state.tsx';
import { EntryFeed } from '~/features/entries/entry-feed.tsx';
import { listRows } from '~/features/entries/feed-rows.server.tsx';
import { Pagination } from '~/features/entries/pagination.tsx';
import { loadCollectionPage } from '~/features/collections/collections.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { useViewer } from '~/lib/root-data.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { Button } from '~/ui/button.tsx';
import { PageContainer } from '~/ui/page-layout.tsx';
import type { Route } from './+types/collection';
import { isAdmin } from '@core/permissions.ts';

/** /collection/{id}: the header on its background, follow or owner actions, then its entries. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { entrylist, ...page } = await loadCollectionPage(context, params.id, new URL(request.url));
  // The rows as HTML, sent once (the feed rows' way): the document's are not in its hydration data.
  return { ...page, rows: listRows(context, entrylist) };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data ? `${data.collection.title} - 收藏集` : null, data?.collection.description || undefined);

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { rows, rankType, page, pageCount } = loaderData;
  const viewer = useViewer();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [collection, setCollection] = useState<CollectionView>(loaderData.collection);
  useEffect(() => setCollection(loaderData.collection), [loaderData.collection]);
  const [editing, setEditing] = useState(false);
  const canManage = collection.own || isAdmin(viewer);
  const base = `/collection/${collection.id}`;
  const hrefOf = (n: number) => `${base}?${new URLSearchParams({ sort: rankType, page: String(n) })}`;

  return (
    <PageContainer className="max-w-[860px]">
      <CollectionCover
        imageUrl={collection.imageUrl}
        maskColor={collection.maskColor}
        title={collection.title}
        className="rounded"
      >
        <header className="flex min-h-48 flex-col justify-end gap-3 p-6 text-white sm:p-8">
          <h1 className="font-semibold text-[28px] leading-tight">{collection.title}</h1>
          {collection.description && <p className="max-w-[640px] text-white/90">{collection.description}</p>}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-2 text-[13px] text-white/90">
              <Link to={`/user/${collection.author.id}`} className="flex items-center gap-2 hover:underline">
                <Avatar user={collection.author} size={24} />
                {collection.author.username}
              </Link>
              <span aria-hidden>·</span>
              <span data-testid="collection-entry-count">{formatCount(collection.entryCount)} 篇文章</span>
              <span aria-hidden>·</span>
              <span data-testid="collection-follower-count">{formatCount(collection.followerCount)} 人关注</span>
            </div>
            <div className="flex gap-2">
              {!collection.own && (
                <FollowCollectionButton
                  csId={collection.id}
                  followed={collection.followed}
                  onChange={(state) => setCollection((c) => ({ ...c, ...state }))}
                />
              )}
              {canManage && (
                <>
                  <Button variant="secondary" size="md" onClick={() => setEditing(true)}>
                    编辑
                  </Button>
                  <DeleteCollectionButton csId={collection.id} onDeleted={() => navigate('/collections/all')} />
                </>
              )}
            </div>
          </div>
        </header>
      </CollectionCover>
      {collection.tags.length > 0 && (
        <ul aria-label="标签" className="mt-3 flex flex-wrap gap-2">
          {collection.tags.map((tag) => (
            <li key={tag.id}>
              <Link
                to={`/collections/all?tag=${encodeURIComponent(tag.title)}`}
                className="inline-flex h-7 items-center rounded-full bg-card px-3 text-[13px] text-fg-2 hover:text-brand"
              >
                {tag.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <section aria-label="收藏集文章" className="mt-4 overflow-hidden rounded bg-card">
        <div className="flex items-center gap-4 border-line border-b px-4 py-3 text-sm sm:px-5">
          <Link
            to={`${base}?sort=new`}
            className={rankType === 'new' ? 'font-medium text-brand' : 'text-fg-2 hover:text-brand'}
          >
            最新收藏
          </Link>
          <Link
            to={`${base}?sort=hot`}
            className={rankType === 'hot' ? 'font-medium text-brand' : 'text-fg-2 hover:text-brand'}
          >
            最热
          </Link>
        </div>
        {/* One list an order and page: the rows' HTML is set once when the list mounts. */}
        <EntryFeed
          key={`${collection.id}:${rankType}:${page}`}
          page={{ rows, pointer: null }}
          listStats={false}
          empty={
            <EmptyState
              text={collection.own ? '收藏集还是空的，在文章页点击“收藏”把文章加进来' : '这个收藏集还没有文章'}
            />
          }
        />
        <Pagination page={page} pageCount={pageCount} hrefOf={hrefOf} />
      </section>
      <CollectionFormDialog
        open={editing}
        onOpenChange={setEditing}
        collection={collection}
        onSaved={(saved) => {
          setCollection(saved);
          void revalidator.revalidate();
        }}
      />
    </PageContainer>
  );
}
