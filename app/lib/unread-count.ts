import { createContext, useContext } from 'react';

/** Unread notifications by list (SPEC §3: user, system, total). */
export interface UnreadCounts {
  user: number;
  system: number;
  total: number;
}

export interface UnreadCountApi {
  /** Unread notifications, user + system. */
  count: number;
  /** The split by list, once known (from the live stream or a notification call); null before. */
  counts: UnreadCounts | null;
  /** For screens that change it without reloading the root data (e.g. read-all). */
  setCount: (count: number) => void;
  /** The same with the split, as the notification calls answer it. */
  setCounts: (counts: UnreadCounts) => void;
}

export const UnreadCountContext = createContext<UnreadCountApi | null>(null);

export function useUnreadCount(): UnreadCountApi {
  const api = useContext(UnreadCountContext);
  if (!api) throw new Error('useUnreadCount needs the shell of app/root.tsx');
  return api;
}

const UNREAD_PREFIX = /^\(\d+\) /;

/** Replaces the "(N) " prefix of a title built by formatTitle (app/lib/meta.ts). */
export function withUnreadPrefix(title: string, unread: number): string {
  const base = title.replace(UNREAD_PREFIX, '');
  return unread > 0 ? `(${unread}) ${base}` : base;
}

/** The live stream of unread counts (server-sent events, event `unread`). */
export const UNREAD_STREAM_PATH = '/api/notification/stream';

/** Parses an `unread` event's data; null for anything malformed. */
export function parseUnreadEvent(data: string): UnreadCounts | null {
  try {
    const value = JSON.parse(data) as Partial<UnreadCounts>;
    if (typeof value.user !== 'number' || typeof value.system !== 'number' || typeof value.total !== 'number') {
      return null;
    }
    return { user: value.user, system: value.system, total: value.total };
  } catch {
    return null;
  }
}
