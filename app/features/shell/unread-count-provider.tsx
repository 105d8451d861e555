import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { type UnreadCountApi, UnreadCountContext, withUnreadPrefix } from '~/lib/unread-count.ts';

/**
 * The unread notification count for the bell and the "(N) " title prefix. It starts from the
 * root data, follows it when the root loader runs again, and can be set by screens in between.
 */
export function UnreadCountProvider({ initial, children }: { initial: number; children: ReactNode }) {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);

  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: <Meta> rewrites the title on every navigation (key).
  useEffect(() => {
    const title = withUnreadPrefix(document.title, count);
    if (title !== document.title) document.title = title;
  }, [count, key]);

  const api = useMemo<UnreadCountApi>(() => ({ count, setCount }), [count]);
  return <UnreadCountContext.Provider value={api}>{children}</UnreadCountContext.Provider>;
}
