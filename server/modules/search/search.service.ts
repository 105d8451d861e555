import type { Db } from '@db/client.ts';
import { toSearchQuery } from '../../adapters/tokenizer.ts';
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
 * Full-text search over entry titles, abstracts, content and tags; `page` is zero-based
 * (SPEC §7.3). Matches are ranked by ts_rank within windows of the most popular ones
 * (search.queries.ts), muted authors and tags are left out, and pages stop at
 * SEARCH_COUNT_CAP matches.
 */
export async function searchEntries(
  db: Db,
  options: { query: string; page: number; pageSize: number; viewerId?: string | null },
): Promise<SearchResult> {
  const viewerId = options.viewerId ?? null;
  const segmented = toSearchQuery(options.query);
  if (!segmented) return { total: 0, estimated: false, idList: [], terms: [] };
  const terms = [...new Set(segmented.split(' '))];
  const offset = options.page * options.pageSize;
  const estimate = await queries.estimateSearchMatches(db, segmented);
  if (offset >= SEARCH_COUNT_CAP) return { total: estimate, estimated: true, idList: [], terms };
  const page = await queries.selectSearchMatchIds(db, {
    segmented,
    viewerId,
    offset,
    limit: options.pageSize,
    estimate,
  });
  if (page.inWindow === null && offset === 0) return { total: 0, estimated: false, idList: [], terms };
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
