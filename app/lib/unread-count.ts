import { createContext, useContext } from 'react';

export interface UnreadCountApi {
  /** Unread notifications, user + system. */
  count: number;
  /** For screens that change it without reloading the root data (e.g. read-all). */
  setCount: (count: number) => void;
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
