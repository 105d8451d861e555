import { useEffect, useRef, type ReactNode } from 'react';
import { EntryRowSkeleton } from './entry-row.tsx';
import { EntryList } from './entry-list.tsx';
import type { FeedPage } from './types.ts';
import { useEntryFeed } from './use-entry-feed.ts';
import { LoadMoreButton } from '~/ui/load-more-button.tsx';

/** Start loading the next page this far before the end of the list comes into view (SPEC §9). */
const PRELOAD_MARGIN = '300px';
const SKELETON_KEYS = ['skeleton-1', 'skeleton-2', 'skeleton-3'];

export interface EntryFeedProps {
  page: FeedPage;
  /** The sort the next pages are asked for; none for feeds with one order. */
  sort?: string;
  empty?: ReactNode;
}

/**
 * An entry list that loads the next page when its end scrolls into view, with a 加载更多 button
 * for keyboard users and browsers without IntersectionObserver.
 */
export function EntryFeed({ page, sort, empty }: EntryFeedProps) {
  const { entries, hasMore, loading, loadMore } = useEntryFeed(page, sort);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((record) => record.isIntersecting)) loadMore();
      },
      { rootMargin: `0px 0px ${PRELOAD_MARGIN} 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  return (
    <div aria-busy={loading}>
      <EntryList entries={entries} empty={empty}>
        {loading && SKELETON_KEYS.map((key) => <EntryRowSkeleton key={key} />)}
      </EntryList>
      {hasMore && entries.length > 0 && (
        <div ref={sentinel} className="flex justify-center border-line border-t px-4 py-3">
          <LoadMoreButton loading={loading} onClick={loadMore} />
        </div>
      )}
    </div>
  );
}
