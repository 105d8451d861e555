import { collapseWhitespace } from '@core/format.ts';
import type { Db } from '@db/client.ts';
import type { Ctx } from '../../http/context.ts';
import { toSearchQuery } from '../../adapters/tokenizer.ts';
import { markdownText } from '../../markdown/markdown.ts';
import { getEntriesByIds } from '../entries/entries.service.ts';
import { hasMutes } from '../mutes/mutes.service.ts';
import * as queries from './search.queries.ts';

/** Matches are counted up to this many; pages beyond it are not served. */
export const SEARCH_COUNT_CAP = queries.COUNT_CAP;

export interface SearchResult {
  /** Matches: exact below the rank window, else the planner's estimate (`estimated`). */
  total: number;
  estimated: boolean;
  /** Entry ids of the page, best match first; the caller loads the entries (SPEC §7.3). */
  idList: string[];
  /** The segmented words that were searched, for highlighting them in results. */
  terms: string[];
}

/**
 * What a search needs: the database and the viewer (whose mutes it honours); with the adapters
 * and env, answers that are the same for everyone are kept SEARCH_CACHE_SECONDS in the
 * process's answer cache (docs/decisions/008).
 */
type SearchCtx = Pick<Ctx, 'db' | 'viewer'> & Partial<Pick<Ctx, 'adapters' | 'env'>>;

/**
 * Full-text search over entry titles, abstracts, content and tags; `page` is zero-based
 * (SPEC §7.3). Matches are ranked by ts_rank within windows of the most popular ones
 * (search.queries.ts), muted authors and tags are left out, and pages stop at
 * SEARCH_COUNT_CAP matches.
 */
export async function searchEntries(
  ctx: SearchCtx,
  input: { query: string; page: number; pageSize: number },
): Promise<SearchResult> {
  const { db, viewer } = ctx;
  const segmented = toSearchQuery(input.query);
  if (!segmented) return { total: 0, estimated: false, idList: [], terms: [] };
  // Most people mute nothing: their search is everyone's, without a mute probe per match.
  const viewerId = viewer?.id ?? null;
  const muter = viewerId !== null && (await hasMutes({ db }, viewerId)) ? viewerId : null;
  // Everyone without mutes gets the same page: reuse it for a few seconds.
  if (ctx.adapters && ctx.env && muter === null) {
    const key = `search\u0000${segmented}\u0000${input.page}\u0000${input.pageSize}`;
    return ctx.adapters.answers.remember(key, ctx.env.SEARCH_CACHE_SECONDS, () =>
      searchSegmented(db, segmented, input, null),
    );
  }
  return searchSegmented(db, segmented, input, muter);
}

/**
 * The search results page (/search): one page of matches as entries, best first, with the
 * count of pages (matches counted up to SEARCH_COUNT_CAP). A result matched in its body (its
 * title and abstract show none of the words) carries that passage of the body as its abstract,
 * so the result says why it matched. No entry on the page means no matches, whatever an
 * estimate said.
 */
export async function searchResultsPage(ctx: SearchCtx, input: { query: string; page: number; pageSize: number }) {
  const result = await searchEntries(ctx, input);
  const [found, snippets] = await Promise.all([
    getEntriesByIds(ctx, { ids: result.idList }),
    searchSnippets(ctx, { ids: result.idList, terms: result.terms }),
  ]);
  if (found.length === 0) return { total: 0, estimated: false, pageCount: 0, terms: result.terms, entries: [] };
  return {
    total: result.total,
    estimated: result.estimated,
    pageCount: Math.ceil(Math.min(result.total, SEARCH_COUNT_CAP) / input.pageSize),
    terms: result.terms,
    entries: found.map((entry) => ({ ...entry, abstract: snippets.get(entry.id) ?? entry.abstract })),
  };
}

/** `muter`: a viewer with mutes, whose muted authors and tags are left out; null for none. */
async function searchSegmented(
  db: Db,
  segmented: string,
  options: { page: number; pageSize: number },
  muter: string | null,
): Promise<SearchResult> {
  const terms = [...new Set(segmented.split(' '))];
  const offset = options.page * options.pageSize;
  const estimates = await queries.estimateSearchMatches(db, terms);
  const estimate = estimates.all;
  if (offset >= SEARCH_COUNT_CAP) return { total: estimate, estimated: true, idList: [], terms };
  const pageOf = (read: queries.WindowRead) =>
    queries.selectSearchMatchIds(db, { segmented, viewerId: muter, offset, limit: options.pageSize, read });
  const sampled = needsSample(estimates) ? await queries.countSampleMatches(db, segmented) : null;
  const read = windowRead(estimates, offset, sampled);
  let page = await pageOf(read);
  // A bounded walk that did not fill its window proves nothing about the rest: gather.
  if (read.by === 'walk-top' && (page.inWindow ?? 0) < queries.RANK_WINDOW) page = await pageOf({ by: 'gather' });
  if (page.inWindow === null && offset === 0) return { total: 0, estimated: false, idList: [], terms };
  if (page.matched !== null) return { total: page.matched, estimated: false, idList: page.ids, terms };
  if (page.inWindow !== null && page.inWindow < queries.RANK_WINDOW) {
    return { total: page.windowStart + page.inWindow, estimated: false, idList: page.ids, terms };
  }
  const seen = page.windowStart + (page.inWindow ?? 0);
  return {
    total: Math.max(estimate, seen + (page.inWindow === null ? 0 : 1)),
    estimated: true,
    idList: page.ids,
    terms,
  };
}

/**
 * Words of one topic fool the planner's estimate for their combination (it multiplies their
 * frequencies), so when the combination looks rare but every word is common, their real rate is
 * sampled from the most popular entries (countSampleMatches, about 5 ms at 1M).
 */
function needsSample(estimates: queries.SearchEstimates): boolean {
  return (
    estimates.all <= queries.GATHER_MAX_MATCHES &&
    estimates.words.length > 1 &&
    Math.min(...estimates.words) > queries.GATHER_MAX_MATCHES
  );
}

/**
 * How to read the window at `offset`: walk the popularity index for many matches, gather them
 * for few (see GATHER_MAX_MATCHES). With a sampled rate (`sampled` of RATE_SAMPLE) that puts a
 * combination above the gathering bar, walk, bounded to twice the rows a window needs at the
 * bar's rate; if the sample misled, the walk comes back short and the caller gathers.
 */
export function windowRead(
  estimates: queries.SearchEstimates,
  offset: number,
  sampled: number | null,
): queries.WindowRead {
  if (estimates.all > queries.GATHER_MAX_MATCHES) return { by: 'walk' };
  if (sampled === null || (sampled * estimates.entries) / queries.RATE_SAMPLE <= queries.GATHER_MAX_MATCHES) {
    return { by: 'gather' };
  }
  const windowEnd = (Math.floor(offset / queries.RANK_WINDOW) + 1) * queries.RANK_WINDOW;
  return { by: 'walk-top', scanLimit: Math.ceil((2 * windowEnd * estimates.entries) / queries.GATHER_MAX_MATCHES) };
}

/** Characters a snippet keeps before the first matched word, and in all. */
const SNIPPET_LEAD = 30;
const SNIPPET_LENGTH = 120;

/**
 * For results whose title and abstract show none of the searched words (the match is in the
 * body), the passage of the body around the first of them, so the result says why it matched.
 * Keyed by entry id; results that need none are left out.
 */
export async function searchSnippets(
  ctx: Pick<Ctx, 'db'>,
  { ids, terms }: { ids: string[]; terms: string[] },
): Promise<Map<string, string>> {
  const { db } = ctx;
  const snippets = new Map<string, string>();
  const words = terms.map((term) => term.toLowerCase()).filter(Boolean);
  if (ids.length === 0 || words.length === 0) return snippets;
  const shows = (text: string) => words.some((word) => text.toLowerCase().includes(word));
  for (const source of await queries.selectSnippetSources(db, ids)) {
    if (!source.content || shows(source.title) || shows(source.abstract)) continue;
    const snippet = passageAround(collapseWhitespace(markdownText(source.content)), words);
    if (snippet) snippets.set(source.id, snippet);
  }
  return snippets;
}

/** The text around the earliest of the words, cut on characters (not UTF-16 units), with ellipses. */
export function passageAround(text: string, words: string[]): string | null {
  const lower = text.toLowerCase();
  const hits = words.map((word) => lower.indexOf(word)).filter((at) => at >= 0);
  if (hits.length === 0) return null;
  const chars = Array.from(text);
  const at = Array.from(text.slice(0, Math.min(...hits))).length;
  const start = Math.max(0, at - SNIPPET_LEAD);
  const end = Math.min(chars.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${chars.slice(start, end).join('')}${end < chars.length ? '…' : ''}`;
}
