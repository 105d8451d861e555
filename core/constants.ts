/** Business constants of SPEC §9, shared by the browser and the server. */
export const PAGE_SIZE = {
  feed: 20,
  users: 20,
  comments: 20,
  likers: 20,
  attenders: 20,
  banners: 20,
  events: 20,
  collections: 30,
  subscribedTags: 40,
  searchTagSuggestions: 10,
  tagSuggestions: 20,
  hotColumns: 6,
  hotTags: 6,
  repoHomeEntries: 5,
  translatorsShown: 5,
  relatedCollections: 5,
  suggestedUsers: 4,
  recommendedEntries: 3,
  asideBanners: 2,
  translations: 10,
  search: 20,
} as const;

export const TIMING = {
  smsResendSeconds: 60,
  alertMs: 3000,
  barrageMs: 6100,
  mailSubscriptionRevertMs: 1000,
  extensionPollMs: 5000,
  backToTopAfterPx: 800,
  headerHideAfterPx: 400,
  progressBarDelayMs: 1000,
  openInAppFallbackMs: 3000,
  loginPopupPollMs: 300,
  suggestedFollowTimeoutMs: 5000,
  requestHealthSnoozeMs: 86_400_000,
  requestHealthThreshold: 2,
  httpTimeoutMs: 20_000,
  lazyImagePreloadPx: 300,
  /** At most one page view (/punch) per 300 ms (SPEC §9). */
  pageViewThrottleMs: 300,
} as const;

export const LIMITS = {
  usernameMax: 20,
  passwordMin: 6,
  passwordMax: 128,
  passwordInput: 64,
  captcha: 4,
  smsCode: 6,
  searchInput: 32,
  account: 64,
  imageUploadBytes: 1024 * 1024,
  collectionBackgroundBytes: 1_048_576,
  imageQuality: 85,
  copyAttributionFrom: 128,
  pinShareText: 140,
  commentMaxChars: 1000,
  commentMaxImages: 9,
  pinMaxChars: 1000,
  pinMaxImages: 9,
  commentPreviewLines: 10,
  commentPreviewLineChars: 40,
  linkShortenAfterHost: 12,
  repoLanguageShareMin: 0.1,
} as const;

export const CATEGORY_NAMES = [
  'frontend',
  'backend',
  'android',
  'ios',
  'ai',
  'design',
  'product',
  'freebie',
  'article',
] as const;
export type CategoryName = (typeof CATEGORY_NAMES)[number];

export const CATEGORY_TITLES: Record<CategoryName, string> = {
  frontend: '前端',
  backend: '后端',
  android: 'Android',
  ios: 'iOS',
  ai: '人工智能',
  design: '设计',
  product: '产品',
  freebie: '工具资源',
  article: '阅读',
};

/** Valid sort keys for entry lists (SPEC §5); anything else is 'invalid sort: {value}'. */
export const ENTRY_SORTS = ['popular', 'newest', 'comment', 'hottest', 'weeklyHottest', 'monthlyHottest'] as const;
export type EntrySort = (typeof ENTRY_SORTS)[number];

export const ENTRY_SORT_LABELS: Record<EntrySort, string> = {
  popular: '热门',
  newest: '最新',
  comment: '评论',
  hottest: '最热',
  weeklyHottest: '本周最热',
  monthlyHottest: '本月最热',
};

/** The avatar placeholder palette of SPEC §3 (10 colours). */
export const AVATAR_COLORS = [
  '#F53F3F',
  '#F77234',
  '#FF7D00',
  '#B45309',
  '#00B42A',
  '#14C9C9',
  '#3491FA',
  '#165DFF',
  '#722ED1',
  '#D91AD9',
] as const;

export const LOGOUT_CONFIRM_TEXT = '确定登出吗？每一片贫瘠的土地都需要坚定的挖掘者！';
