import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { useUnreadCount } from '~/lib/unread-count.ts';

/**
 * Reloads the open list when its unread count grows through the live stream, so a new
 * notification shows up without a reload.
 */
export function useLiveRefresh(list: 'user' | 'system') {
  const { counts } = useUnreadCount();
  const revalidator = useRevalidator();
  const value = counts?.[list] ?? null;
  const previous = useRef<number | null>(value);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (value !== null && before !== null && value > before) void revalidator.revalidate();
  }, [value, revalidator]);
}
