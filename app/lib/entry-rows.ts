import type { EntryView } from '@server/modules/entries/entries.service.ts';

/** Tags a feed row shows; the rest are on the entry page. */
export const ROW_TAG_LIMIT = 3;

/**
 * What a feed row shows, and all that loaders send of a listed entry (issue 10: loader data
 * limited to what the page shows). The API keeps the whole entry of SPEC §3.
 */
export interface EntryRowView {
  id: string;
  type: EntryView['type'];
  title: string;
  abstract: string;
  originalUrl: string;
  screenshot: string;
  createdAt: string;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  liked: boolean;
  user: { id: string; username: string };
  tags: Array<{ id: string; title: string }>;
}

export function toEntryRow(entry: EntryView): EntryRowView {
  return {
    id: entry.id,
    type: entry.type,
    title: entry.title,
    abstract: entry.abstract,
    originalUrl: entry.originalUrl,
    screenshot: entry.screenshot,
    createdAt: entry.createdAt,
    viewCount: entry.viewCount,
    likeCount: entry.likeCount,
    commentCount: entry.commentCount,
    liked: entry.liked,
    user: { id: entry.user.id, username: entry.user.username },
    tags: entry.tags.slice(0, ROW_TAG_LIMIT).map((tag) => ({ id: tag.id, title: tag.title })),
  };
}

/** A page of entries with its rows trimmed to what they show. */
export function withRows<T extends { entrylist: EntryView[] }>(
  page: T,
): Omit<T, 'entrylist'> & { entrylist: EntryRowView[] } {
  return { ...page, entrylist: page.entrylist.map(toEntryRow) };
}
