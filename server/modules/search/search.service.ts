import type { Db } from '@db/client.ts';
import { toSearchQuery } from '../../adapters/tokenizer.ts';
import * as queries from './search.queries.ts';

export interface SearchResult {
  total: number;
  /** Entry ids of the page, best match first; the caller loads the entries (SPEC §7.3). */
  idList: string[];
  /** The segmented words that were searched, for highlighting them in results. */
  terms: string[];
}

/** Full-text search over entry titles, abstracts and content; `page` is zero-based (SPEC §7.3). */
export async function searchEntries(
  db: Db,
  options: { query: string; page: number; pageSize: number },
): Promise<SearchResult> {
  const segmented = toSearchQuery(options.query);
  if (!segmented) return { total: 0, idList: [], terms: [] };
  const [total, idList] = await Promise.all([
    queries.countSearchMatches(db, segmented),
    queries.selectSearchMatchIds(db, {
      segmented,
      offset: options.page * options.pageSize,
      limit: options.pageSize,
    }),
  ]);
  return { total, idList, terms: [...new Set(segmented.split(' '))] };
}
