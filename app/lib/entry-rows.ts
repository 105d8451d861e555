import type { EntryView } from '@server/modules/entries/entries.service.ts';
import { hostOf } from './links.ts';

/** Tags a feed row shows; the rest are on the entry page. */
export const ROW_TAG_LIMIT = 3;

/**
 * A row's abstract shows two lines (its p, app.css): at the widest layout they hold about 90
 * Chinese characters or 180 Latin ones, so a row carries that much, counted in half-width
 * units (a CJK or other wide character counts two), and the server stops sending the rest.
 */
export const ROW_ABSTRACT_WIDTH = 200;

const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u;

/** The text cut to `width` half-width units, ending in … when cut. */
export function clipToWidth(text: string, width: number): string {
  let used = 0;
  let end = 0;
  for (const char of text) {
    used += WIDE.test(char) ? 2 : 1;
    if (used > width) return `${text.slice(0, end).trimEnd()}…`;
    end += char.length;
  }
  return text;
}

/**
 * What a feed row shows, and all that loaders send of a listed entry (issue 10: loader data
 * limited to what the page shows). The API keeps the whole entry of SPEC §3.
 */
export interface EntryRowView {
  id: string;
  type: EntryView['type'];
  title: string;
  abstract: string;
  /** The shared link's host, shown after the title ('' for articles): the row never links out. */
  host: string;
  screenshot: string;
  createdAt: string;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  liked: boolean;
  user: { id: string; username: string };
  /** The titles of the first ROW_TAG_LIMIT tags: a tag's link is its title. */
  tags: string[];
  /** Hidden by a moderator: only on its author's own profile, with the reason. */
  hiddenReason?: string;
}

export function toEntryRow(entry: EntryView): EntryRowView {
  return {
    id: entry.id,
    type: entry.type,
    title: entry.title,
    abstract: clipToWidth(entry.abstract, ROW_ABSTRACT_WIDTH),
    host: entry.originalUrl ? hostOf(entry.originalUrl) : '',
    screenshot: entry.screenshot,
    createdAt: entry.createdAt,
    viewCount: entry.viewCount,
    likeCount: entry.likeCount,
    commentCount: entry.commentCount,
    liked: entry.liked,
    user: { id: entry.user.id, username: entry.user.username },
    tags: entry.tags.slice(0, ROW_TAG_LIMIT).map((tag) => tag.title),
    ...(entry.hiddenReason !== undefined ? { hiddenReason: entry.hiddenReason } : {}),
  };
}

/** A page of entries with its rows trimmed to what they show. */
export function withRows<T extends { entrylist: EntryView[] }>(
  page: T,
): Omit<T, 'entrylist'> & { entrylist: EntryRowView[] } {
  return { ...page, entrylist: page.entrylist.map(toEntryRow) };
}
