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

export interface CategoryTab {
  name: string;
  title: string;
}
