import type { EntrySort } from '@core/constants.ts';

/** /timeline's sort when the URL names none. */
export const TIMELINE_DEFAULT_SORT: EntrySort = 'popular';
/** The /timeline category that stands for 我关注的: people followed and tags subscribed (SPEC §2.2). */
export const FOLLOWING_CATEGORY = 'subscribe';
