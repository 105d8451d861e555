import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { trackEntryList } from '~/lib/track.ts';
import type { FeedPage } from './types.ts';

/**
 * The paging of a keyset feed that grows at the end (SPEC §4 Lists). The next page comes from the
 * same route's loader with `?pointer=`; `append` adds a page's new rows and says how many there
 * were; the list stops when the pointer is null or a page adds nothing new, and asking again for
 * the page already asked for does nothing. Mount it with a key per feed (path and sort) so another
 * feed starts from its own first page.
 */
export function useFeedPages<Page extends { pointer: string | null }>(
  first: Page,
  sort: string | undefined,
  append: (page: Page) => number,
) {
  const { pathname } = useLocation();
  // The same loader as the first page's: what the fetcher brings back is a Page.
  const fetcher = useFetcher();
  const [pointer, setPointer] = useState(first.pointer);
  const requested = useRef<string | null>(null);
  const appended = useRef<Page | null>(null);

  useEffect(() => {
    const page = fetcher.data as Page | undefined;
    if (!page || appended.current === page) return;
    appended.current = page;
    setPointer(append(page) === 0 ? null : page.pointer);
  }, [fetcher.data, append]);

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

  return { hasMore: pointer !== null, loading, loadMore };
}

/** The feed's name in the list statistics (GET /log): the path's first segment. */
export function useListSource(): string {
  return useLocation().pathname.split('/')[1] || 'home';
}

/** A feed of React rows (useFeedPages): the entries shown so far, the first page reported once. */
export function useEntryFeed<Row extends { id: string }>(first: FeedPage<Row>, sort: string | undefined) {
  const [entries, setEntries] = useState<Row[]>(first.entrylist);
  const [seen] = useState(() => new Set(first.entrylist.map((entry) => entry.id)));
  const src = useListSource();
  const append = useCallback(
    (page: FeedPage<Row>) => {
      const fresh = page.entrylist.filter((entry) => !seen.has(entry.id));
      for (const entry of fresh) seen.add(entry.id);
      setEntries((current) => [...current, ...fresh]);
      trackEntryList(
        'log',
        fresh.map((entry) => entry.id),
        src,
      );
      return fresh.length;
    },
    [seen, src],
  );
  const paging = useFeedPages(first, sort, append);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page is reported once per mounted feed.
  useEffect(() => {
    trackEntryList(
      'log',
      first.entrylist.map((entry) => entry.id),
      src,
    );
  }, []);

  return { entries, ...paging };
}
