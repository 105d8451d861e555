import type { EntryView } from '@server/modules/entries/entries.service.ts';

export type { EntryView } from '@server/modules/entries/entries.service.ts';
export type { Banner } from '@server/modules/banners/banners.service.ts';
export type { TocHeading } from '~/lib/entries.server.ts';

/** What a feed's loader returns for its list: the fetcher reads the same shape for the next page. */
export interface FeedPage {
  entrylist: EntryView[];
  /** Opaque cursor of the next page; null at the end. */
  pointer: string | null;
}

export interface CategoryTab {
  name: string;
  title: string;
}
