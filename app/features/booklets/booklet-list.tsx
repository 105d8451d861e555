import { usePointerPages } from '~/lib/use-pointer-pages.ts';
import { EmptyState } from '~/ui/empty-state.tsx';
import { type BookletPage, fetchLatest } from './booklet-api.ts';
import { BookletRow, BookletRows } from './booklet-row.tsx';

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
  const pages = usePointerPages(page, (before) => fetchLatest(category, before));
  const bought = new Set(boughtIds);

  if (pages.items.length === 0) return <EmptyState text="这个分类还没有小册" />;
  return (
    <BookletRows pages={pages} row={(booklet) => <BookletRow booklet={booklet} bought={bought.has(booklet.id)} />} />
  );
}
