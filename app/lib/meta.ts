import type { LetterAvatar } from '@core/avatar.ts';
import type { MetaDescriptor } from 'react-router';

/** What the root loader gives every page (app/root.tsx). */
export interface RootData {
  siteName: string;
  viewer: {
    id: string;
    username: string;
    avatarLarge: string;
    /** The placeholder the header draws without a picture (app/lib/viewer-letter.server.ts). */
    letter: LetterAvatar | null;
    role: string;
    isXiaoceAuthor: boolean;
    hasWallet: boolean;
  } | null;
  /** Unread notifications, user + system. */
  unreadCount: number;
}

/**
 * SPEC §1: every title ends with the site name; with unread notifications, "(N) " comes first.
 * The shell keeps the prefix current on the client when the count changes.
 */
export function formatTitle(page: string | null, siteName: string, unread = 0): string {
  const base = page ? `${page} - ${siteName}` : siteName;
  return unread > 0 ? `(${unread}) ${base}` : base;
}

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** A route's meta: its title plus an optional description, reading the root data from matches. */
export function pageMeta(matches: MatchLike[], page: string | null, description?: string): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root');
  const rootData = (root?.loaderData ?? root?.data) as RootData | undefined;
  const title = formatTitle(page, rootData?.siteName ?? '金砂', rootData?.unreadCount ?? 0);
  return description ? [{ title }, { name: 'description', content: description }] : [{ title }];
}
