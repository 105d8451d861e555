import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { entries, entrySearch } from '@db/schema/content.ts';
import { notMutedBy } from '../entries/entries.visibility.ts';

/** The segmented query as a tsquery; the same 'simple' configuration the vectors were built with. */
function tsQuery(segmented: string) {
  return sql`plainto_tsquery('simple', ${segmented})`;
}

/**
 * Matches are ranked in windows of this many (five pages): the window is the next slice of matches by
 * popularity (entry_search_hot_idx walked with the text condition, or the GIN index and a top-N
 * sort for rarer words, see GATHER_MAX_MATCHES), and inside it ts_rank orders them.
 * A page never reads more than one window, whatever the number of matches.
 */
export const RANK_WINDOW = 100;
/** Pages are served for the first this many matches (50 pages of 20). */
export const COUNT_CAP = 1000;

function matchCondition(segmented: string, viewerId: string | null): SQL {
  const match = sql`${entrySearch.searchVector} @@ ${tsQuery(segmented)}`;
  return and(match, notMutedBy(viewerId, { entryId: entrySearch.entryId, userId: entrySearch.userId })) ?? match;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Up to this many estimated matches, a page gathers every match through the GIN index and
 * sorts them by popularity; above it, it walks entry_search_hot_idx and tests each row, which
 * finds a window of 100 after about 100 × entries / matches rows. A walked row costs a visit to
 * its vector (4–5 µs at 1M), a gathered one a heap visit and a recheck (1.5–2 µs), so the two
 * meet near √(300 × entries) ≈ 17,000 at 1M; measured there, 15k–21k gathered in 25–40 ms and
 * 30k walked in 12–17 ms, so the bar sits lower.
 */
export const GATHER_MAX_MATCHES = 12_000;

/**
 * One page of matching entry ids, best match first (see RANK_WINDOW), with the number of
 * matches in the page's window (below RANK_WINDOW it makes the total exact) and, when every
 * match was gathered, their number.
 */
export async function selectSearchMatchIds(
  db: Db,
  q: { segmented: string; offset: number; limit: number; viewerId: string | null; estimate: number },
) {
  const query = tsQuery(q.segmented);
  const windowStart = Math.floor(q.offset / RANK_WINDOW) * RANK_WINDOW;
  const pageOffset = q.offset - windowStart;
  const pageLimit = Math.min(q.limit, RANK_WINDOW - pageOffset);
  const condition = matchCondition(q.segmented, q.viewerId);
  const gathered = q.estimate <= GATHER_MAX_MATCHES;
  // The window: the next RANK_WINDOW matches by popularity (ids and scores only, no vectors).
  const window = gathered
    ? sql`with matches as materialized (select ${entrySearch.entryId} as id, ${entrySearch.hotScore} as hot_score from ${entrySearch} where ${condition}),
          search_window as (select id, hot_score from matches order by hot_score desc, id desc offset ${windowStart} limit ${RANK_WINDOW})`
    : sql`with search_window as (select ${entrySearch.entryId} as id, ${entrySearch.hotScore} as hot_score from ${entrySearch} where ${condition}
          order by ${entrySearch.hotScore} desc, ${entrySearch.entryId} desc offset ${windowStart} limit ${RANK_WINDOW})`;
  const result = await db.execute(sql`${window}
    select w.id, (count(*) over ())::int as in_window,
      ${gathered ? sql`(select count(*) from matches)::int` : sql`null::int`} as matched
    from search_window w join ${entrySearch} ranked on ranked.entry_id = w.id
    order by ts_rank(ranked.search_vector, ${query}) desc, w.hot_score desc, w.id desc
    offset ${pageOffset} limit ${pageLimit}`);
  const rows = rowsOf<{ id: string; in_window: number; matched: number | null }>(result);
  return {
    ids: rows.map((row) => row.id),
    windowStart,
    inWindow: rows[0]?.in_window ?? null,
    matched: rows[0]?.matched ?? null,
  };
}

/**
 * The planner's estimate of the matches (from the GIN index statistics): counting tens of
 * thousands of matches exactly would read each row, far beyond the search budget at 1M entries.
 */
export async function estimateSearchMatches(db: Db, segmented: string): Promise<number> {
  const result = await db.execute(
    sql`explain (format json) select 1 from ${entrySearch} where ${entrySearch.searchVector} @@ ${tsQuery(segmented)}`,
  );
  const rows = rowsOf<Record<string, unknown>>(result);
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** The texts a result's snippet is cut from. */
export function selectSnippetSources(db: Db, ids: string[]) {
  return db
    .select({ id: entries.id, title: entries.title, abstract: entries.abstract, content: entries.content })
    .from(entries)
    .where(inArray(entries.id, ids));
}
