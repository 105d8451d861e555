/**
 * Tracking (SPEC §7.9): what the browser may report, shared by the API contracts and the client.
 * The server records nothing for search-engine bots; the browser sends nothing from them either.
 */

/** Behaviour actions, each with a target (an entry, user, pin… id), a value, referrer and location. */
export const TRACKED_ACTIONS = [
  'click',
  'like',
  'unlike',
  'collect',
  'uncollect',
  'view',
  'share',
  'follow',
  'unfollow',
] as const;
export type TrackedAction = (typeof TRACKED_ACTIONS)[number];

/** The extension banner's events (SPEC §4, §7.9). */
export const EXTENSION_EVENTS = ['show', 'click', 'close'] as const;
export type ExtensionEvent = (typeof EXTENSION_EVENTS)[number];

/** List statistics (GET /log, GET /collector): the entry ids a list showed, joined by a pipe. */
export const LIST_STAT_KINDS = ['log', 'collector'] as const;
export type ListStatKind = (typeof LIST_STAT_KINDS)[number];
export const ENTRY_LIST_SEPARATOR = '|';
/** One list page (SPEC §9: 20) fits in one statistic. */
export const ENTRY_LIST_MAX = 20;

/** Stored action names besides the behaviour ones: page views and the banner's events. */
export const PAGE_VIEW_ACTION = 'pageview';
export const extensionAction = (event: ExtensionEvent) => `extension_${event}` as const;

/** Bounded lengths of what is stored (tracking_events). */
export const TRACKING_LIMITS = { target: 64, value: 200, url: 200 } as const;

/**
 * Search-engine crawlers that run scripts (Googlebot, Bingbot, Baiduspider, Sogou, 360Spider,
 * YandexBot, Bytespider…) and audit tools: the browser's cheap check before sending anything.
 * The server's check (isbot) is the authority.
 */
export const CRAWLER_PATTERN = /bot\b|bot\/|crawl|spider|slurp|mediapartners|lighthouse|headlesschrome/i;
