import { usePointerPages } from '~/lib/use-pointer-pages.ts';
import { EmptyState } from '~/ui/empty-state.tsx';
import { LoadMoreButton } from '~/ui/load-more-button.tsx';
import { type BookletPage, fetchLatest } from './booklet-api.ts';
import { BookletRow } from './booklet-row.tsx';

/** The index's newest booklets, rows inside one card, more with the keyset pointer. */
export function LatestBooklets({
  page,
  category,
  boughtIds,
}: {
  page: BookletPage;
  category?: string;
  boughtIds: string[];
}) {
  const { items, pointer, loading, more } = usePointerPages(page, (before) => fetchLatest(category, before));
  const bought = new Set(boughtIds);

  if (items.length === 0) return <EmptyState text="这个分类还没有小册" />;
  return (
    <>
      <ul className="divide-y divide-line">
        {items.map((booklet) => (
          <li key={booklet.id}>
            <BookletRow booklet={booklet} bought={bought.has(booklet.id)} />
          </li>
        ))}
      </ul>
      {pointer && (
        <div className="flex justify-center border-line border-t py-3">
          <LoadMoreButton loading={loading} onClick={more} />
        </div>
      )}
    </>
  );
}
