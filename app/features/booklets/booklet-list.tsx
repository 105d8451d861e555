import { useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
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
  const alerts = useAlerts();
  const [items, setItems] = useState(page.list);
  const [pointer, setPointer] = useState(page.pointer);
  const [loading, setLoading] = useState(false);
  const bought = new Set(boughtIds);

  async function more() {
    if (!pointer) return;
    setLoading(true);
    try {
      const next = await fetchLatest(category, pointer);
      setItems((current) => [...current, ...next.list.filter((b) => !current.some((c) => c.id === b.id))]);
      setPointer(next.pointer);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setLoading(false);
    }
  }

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
