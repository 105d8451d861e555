/**
 * The repo area's fixed lists and rules (SPEC §3, §5, §9), shared by the API contracts, the
 * service, the seed and the screens.
 */
import { z } from 'zod';
import { LIMITS } from './constants.ts';

/** The trending periods of get_trending's `since`. */
export const TRENDING_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type TrendingPeriod = (typeof TRENDING_PERIODS)[number];
export const TRENDING_PERIOD_LABELS: Record<TrendingPeriod, string> = {
  daily: '今日',
  weekly: '本周',
  monthly: '本月',
};
/** How many days back each period compares the star count with. */
export const TRENDING_PERIOD_DAYS: Record<TrendingPeriod, number> = { daily: 1, weekly: 7, monthly: 30 };

/** A language list item (SPEC §3): name (the URL value), title (as the code host writes it), colour. */
export interface LanguageItem {
  name: string;
  title: string;
  color?: string;
}

/** The languages get_trending filters by, with GitHub linguist's usual colours. */
export const LANGUAGE_LIST: readonly LanguageItem[] = [
  { name: 'javascript', title: 'JavaScript', color: '#f1e05a' },
  { name: 'typescript', title: 'TypeScript', color: '#3178c6' },
  { name: 'python', title: 'Python', color: '#3572A5' },
  { name: 'java', title: 'Java', color: '#b07219' },
  { name: 'kotlin', title: 'Kotlin', color: '#A97BFF' },
  { name: 'swift', title: 'Swift', color: '#F05138' },
  { name: 'objective-c', title: 'Objective-C', color: '#438eff' },
  { name: 'go', title: 'Go', color: '#00ADD8' },
  { name: 'rust', title: 'Rust', color: '#dea584' },
  { name: 'c', title: 'C', color: '#555555' },
  { name: 'c++', title: 'C++', color: '#f34b7d' },
  { name: 'ruby', title: 'Ruby', color: '#701516' },
  { name: 'shell', title: 'Shell', color: '#89e051' },
  { name: 'html', title: 'HTML', color: '#e34c26' },
  { name: 'css', title: 'CSS', color: '#663399' },
  { name: 'vue', title: 'Vue', color: '#41b883' },
  { name: 'dart', title: 'Dart', color: '#00B4AB' },
  { name: 'php', title: 'PHP', color: '#4F5D95' },
];

/** Colours of languages that are not trending filters but show up in language bars. */
const MORE_COLORS: Record<string, string> = {
  Cython: '#fedf5b',
  Makefile: '#427819',
  Assembly: '#6E4C13',
  'C#': '#178600',
  Lua: '#000080',
  SCSS: '#c6538c',
  Less: '#1d365d',
  Dockerfile: '#384d54',
  CMake: '#DA3434',
  Perl: '#0298c3',
  Svelte: '#ff3e00',
  MDX: '#fcb32c',
};

/** A language's usual colour, '' when unknown (the bar then uses a neutral grey). */
export function languageColor(title: string): string {
  return LANGUAGE_LIST.find((l) => l.title === title)?.color ?? MORE_COLORS[title] ?? '';
}

export function languageByName(name: string): LanguageItem | undefined {
  return LANGUAGE_LIST.find((l) => l.name === name.toLowerCase());
}

export interface LanguageShare {
  title: string;
  lineCount: number;
  color: string;
  /** Percent of all lines, one decimal. */
  share: number;
}

/**
 * A repo's languageList (SPEC §3, §9): each language's share of the lines in percent with one
 * decimal, biggest first; languages under 0.1 % are left out.
 */
export function languageShares(rows: ReadonlyArray<{ title: string; lineCount: number; color: string }>) {
  const total = rows.reduce((sum, row) => sum + Math.max(0, row.lineCount), 0);
  if (total === 0) return [];
  return rows
    .map((row) => ({
      title: row.title,
      lineCount: row.lineCount,
      color: row.color || languageColor(row.title),
      share: Math.round((Math.max(0, row.lineCount) / total) * 1000) / 10,
    }))
    .filter((row) => row.share >= LIMITS.repoLanguageShareMin)
    .sort((a, b) => b.share - a.share || b.lineCount - a.lineCount || a.title.localeCompare(b.title));
}

/* ---- Translations (SPEC §5) ---- */

export const TRANSLATION_FIELDS = ['title', 'description'] as const;
export type TranslationField = (typeof TRANSLATION_FIELDS)[number];

export const TRANSLATION_LIMITS = { title: 60, description: 300 } as const;

export const TRANSLATION_MESSAGES = {
  titleMissing: '请选择或填写标题翻译',
  descriptionMissing: '请选择或填写描述翻译',
  titleTooLong: `标题翻译不能超过${TRANSLATION_LIMITS.title}字`,
  descriptionTooLong: `描述翻译不能超过${TRANSLATION_LIMITS.description}字`,
  notFound: '翻译不存在',
} as const;

export const REPO_NOT_FOUND = '开源库不存在';

/** Characters as a person counts them (a CJK character is one). */
export function charCount(value: string): number {
  return Array.from(value).length;
}

/** A new translation's text: trimmed, whitespace runs collapsed, within the field's limit. */
export function translationTextSchema(field: TranslationField) {
  const tooLong = field === 'title' ? TRANSLATION_MESSAGES.titleTooLong : TRANSLATION_MESSAGES.descriptionTooLong;
  return z
    .string()
    .max(2000, tooLong)
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .refine((v) => charCount(v) <= TRANSLATION_LIMITS[field], tooLong);
}
