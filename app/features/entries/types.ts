export type { EntryView } from '@server/modules/entries/entries.service.ts';
export type { EntryRowView } from '~/lib/entry-rows.ts';
import type { EntryRowView } from '~/lib/entry-rows.ts';
export type { Banner } from '@server/modules/banners/banners.service.ts';
export type { TocHeading } from './entries.server.ts';

/** What a feed's loader returns for its list: the fetcher reads the same shape for the next page. */
export interface FeedPage<Row = EntryRowView> {
  entrylist: Row[];
  /** Opaque cursor of the next page; null at the end. */
  pointer: string | null;
}

/**
 * A feed page's rows as the server renders them (feed-rows.server.tsx): how many, and in a data
 * request (a client navigation, the next page) their ids and HTML with the viewer's likes, one
 * string a row. A document carries the rows themselves, so its loader data has neither: the list
 * reads the ids from the rows' links.
 */
export interface FeedRows {
  count: number;
  ids: string[] | null;
  html: string[] | null;
}

/** What a feed's loader returns for its list, and the fetcher for the next page. */
export interface FeedRowsPage {
  rows: FeedRows;
  /** Opaque cursor of the next page; null at the end. */
  pointer: string | null;
}

export interface CategoryTab {
  name: string;
  title: string;
}
