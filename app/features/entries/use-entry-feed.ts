import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { trackEntryList } from '~/lib/track.ts';
import type { FeedPage } from './types.ts';

/**
 * A keyset-paged feed that grows at the end (SPEC §4 Lists). The next page comes from the same
 * route's loader with `?pointer=`; the list stops when the pointer is null or a page adds nothing
 * new, and asking again for the page already asked for does nothing. Mount it with a key per
 * feed (path and sort) so another feed starts from its own first page.
 */
export function useEntryFeed<Row extends { id: string }>(first: FeedPage<Row>, sort: string | undefined) {
  const { pathname } = useLocation();
  const fetcher = useFetcher<FeedPage<Row>>();
  const [entries, setEntries] = useState<Row[]>(first.entrylist);
  const [pointer, setPointer] = useState(first.pointer);
  const requested = useRef<string | null>(null);
  const appended = useRef<FeedPage<Row> | null>(null);
  // List statistics (GET /log): the entries each page showed, named by the feed's first path segment.
  const src = pathname.split('/')[1] || 'home';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page is reported once per mounted feed.
  useEffect(() => {
    trackEntryList(
      'log',
      first.entrylist.map((entry) => entry.id),
      src,
    );
  }, []);

  useEffect(() => {
    const page = fetcher.data;
    if (!page || appended.current === page) return;
    appended.current = page;
    const seen = new Set(entries.map((entry) => entry.id));
    const fresh = page.entrylist.filter((entry) => !seen.has(entry.id));
    setEntries([...entries, ...fresh]);
    trackEntryList(
      'log',
      fresh.map((entry) => entry.id),
      src,
    );
    setPointer(fresh.length === 0 ? null : page.pointer);
  }, [fetcher.data, entries, src]);

  const loading = fetcher.state !== 'idle';
  const { load } = fetcher;
  const loadMore = useCallback(() => {
    if (!pointer || loading) return;
    const params = new URLSearchParams();
    if (sort) params.set('sort', sort);
    params.set('pointer', pointer);
    // `?index` sends the request to the index route's loader rather than the root layout's.
    const href = pathname === '/' ? `/?index&${params}` : `${pathname}?${params}`;
    if (requested.current === href) return;
    requested.current = href;
    void load(href);
  }, [pointer, loading, sort, pathname, load]);

  return { entries, hasMore: pointer !== null, loading, loadMore };
}
