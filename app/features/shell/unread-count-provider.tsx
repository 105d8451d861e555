import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useViewer } from '~/lib/root-data.ts';
import {
  type UnreadCountApi,
  UnreadCountContext,
  type UnreadCounts,
  UNREAD_STREAM_PATH,
  parseUnreadEvent,
  withUnreadPrefix,
} from '~/lib/unread-count.ts';

/**
 * The unread notification count for the bell and the "(N) " title prefix. It starts from the
 * root data, follows it when the root loader runs again, can be set by screens in between, and
 * for a signed-in person follows the server's live stream (server-sent events; the browser's
 * EventSource reconnects by itself after a dropped connection).
 */
export function UnreadCountProvider({ initial, children }: { initial: number; children: ReactNode }) {
  const [count, setCount] = useState(initial);
  const [counts, setCountsState] = useState<UnreadCounts | null>(null);
  useEffect(() => setCount(initial), [initial]);

  const viewerId = useViewer()?.id ?? null;
  useEffect(() => {
    if (!viewerId || typeof EventSource === 'undefined') return;
    const source = new EventSource(UNREAD_STREAM_PATH);
    const onUnread = (event: MessageEvent<string>) => {
      const next = parseUnreadEvent(event.data);
      if (!next) return;
      setCountsState(next);
      setCount(next.total);
    };
    source.addEventListener('unread', onUnread);
    return () => {
      source.removeEventListener('unread', onUnread);
      source.close();
    };
  }, [viewerId]);

  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: <Meta> rewrites the title on every navigation (key).
  useEffect(() => {
    const title = withUnreadPrefix(document.title, count);
    if (title !== document.title) document.title = title;
  }, [count, key]);

  const api = useMemo<UnreadCountApi>(
    () => ({
      count,
      counts,
      setCount,
      setCounts: (next) => {
        setCountsState(next);
        setCount(next.total);
      },
    }),
    [count, counts],
  );
  return <UnreadCountContext.Provider value={api}>{children}</UnreadCountContext.Provider>;
}
