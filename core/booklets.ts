/**
 * Booklets (小册, SPEC §2.3, §3, §7.9): the rules the API, the pages and the editor share, so the
 * browser shows the same limits and messages as the server.
 */
import { CATEGORY_NAMES, CATEGORY_TITLES, type CategoryName } from './constants.ts';

/** The index's category tabs (/books/{category}); 'article' is a feed name, not a booklet subject. */
export const BOOKLET_CATEGORIES = CATEGORY_NAMES.filter((name) => name !== 'article') as Exclude<
  CategoryName,
  'article'
>[];
export type BookletCategory = (typeof BOOKLET_CATEGORIES)[number];

export function isBookletCategory(value: string | undefined): value is BookletCategory {
  return (BOOKLET_CATEGORIES as readonly string[]).includes(value ?? '');
}

export function bookletCategoryTitle(category: string): string {
  return isBookletCategory(category) ? CATEGORY_TITLES[category] : category;
}

export const BOOKLET_LIMITS = {
  titleMax: 60,
  summaryMax: 400,
  descriptionMax: 20_000,
  sectionTitleMax: 100,
  sectionContentMax: 100_000,
  /** The most sections one booklet holds. */
  sectionsMax: 100,
  /** Prices are integers in fen: 0 (free) to ¥999. */
  priceMax: 99_900,
  /** A locked section shows about this share of its text, at least the first paragraph. */
  previewShare: 0.2,
  previewMinChars: 120,
  /** Lists: index page size and the hot list's length. */
  pageSize: 20,
  hotSize: 10,
} as const;

export const BOOKLET_MESSAGES = {
  notFound: '小册不存在',
  sectionNotFound: '章节不存在',
  titleRequired: '小册标题不能为空',
  titleTooLong: `小册标题不能超过${BOOKLET_LIMITS.titleMax}个字`,
  summaryTooLong: `小册简介不能超过${BOOKLET_LIMITS.summaryMax}个字`,
  descriptionTooLong: `小册介绍不能超过${BOOKLET_LIMITS.descriptionMax}个字`,
  categoryInvalid: '请选择小册分类',
  priceInvalid: `价格须为 0 到 ${BOOKLET_LIMITS.priceMax / 100} 元之间、精确到分`,
  sectionTitleRequired: '章节标题不能为空',
  sectionTitleTooLong: `章节标题不能超过${BOOKLET_LIMITS.sectionTitleMax}个字`,
  sectionContentTooLong: `章节内容不能超过${BOOKLET_LIMITS.sectionContentMax}个字`,
  sectionContentRequired: '章节内容不能为空',
  tooManySections: `一本小册最多${BOOKLET_LIMITS.sectionsMax}个章节`,
  notAuthor: '只有小册作者可以写小册',
  submitNeedsSection: '至少发布一个章节后才能提交审核',
  submitNeedsSummary: '请先填写小册简介',
  alreadyPublished: '小册已上架',
  notSubmitted: '小册尚未提交审核',
} as const;

/** ¥29.90 from 2990 fen; 免费 for 0. */
export function formatPrice(fen: number): string {
  if (fen <= 0) return '免费';
  return `¥${(fen / 100).toFixed(2)}`;
}

/** Fen from a yuan amount typed in a form ("29.9" → 2990); null when it is not a price. */
export function parseYuan(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(trimmed)) return null;
  const fen = Math.round(Number(trimmed) * 100);
  return fen <= BOOKLET_LIMITS.priceMax ? fen : null;
}

/** Where a booklet and its sections live (route names bookInfo, bookSection, bookWapSection). */
export function bookletHref(id: string): string {
  return `/book/${id}`;
}

export function sectionHref(bookletId: string, sectionId: string, mobile = false): string {
  return mobile ? `/book/m/${bookletId}/section/${sectionId}` : `/book/${bookletId}/section/${sectionId}`;
}
