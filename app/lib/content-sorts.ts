import type { EntrySort } from '@core/constants.ts';

/** SPEC §9: a tag's page sorts hottest by default; columns newest. */
export const TAG_DEFAULT_SORT: EntrySort = 'hottest';
export const COLUMN_DEFAULT_SORT: EntrySort = 'newest';
