import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '@db/client.ts';
import { entries, entrySearch } from '@db/schema/content.ts';
import { entryNotMutedBy } from '../mutes/mutes.service.ts';

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
  return and(match, entryNotMutedBy(viewerId, { entryId: entrySearch.entryId, userId: entrySearch.userId })) ?? match;
}

/** matchCondition over the columns of the bounded walk's `scanned` rows. */
function scannedCondition(segmented: string, viewerId: string | null): SQL {
  const match = sql`scanned.search_vector @@ ${tsQuery(segmented)}`;
  return and(match, entryNotMutedBy(viewerId, { entryId: sql`scanned.id`, userId: sql`scanned.user_id` })) ?? match;
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
 * How a window is read: `gather` every match through the GIN index and sort them; `walk`
 * entry_search_hot_idx testing each row until the window is full; `walk-top` the same within the
 * `scanLimit` most popular entries only, which may leave the window short (the caller then
 * gathers).
 */
export type WindowRead = { by: 'gather' } | { by: 'walk' } | { by: 'walk-top'; scanLimit: number };

/**
 * One page of matching entry ids, best match first (see RANK_WINDOW), with the number of
 * matches in the page's window (below RANK_WINDOW it makes the total exact unless the walk was
 * bounded) and, when every match was gathered, their number.
 */
export async function selectSearchMatchIds(
  db: Db,
  q: { segmented: string; offset: number; limit: number; viewerId: string | null; read: WindowRead },
) {
  const query = tsQuery(q.segmented);
  const windowStart = Math.floor(q.offset / RANK_WINDOW) * RANK_WINDOW;
  const pageOffset = q.offset - windowStart;
  const pageLimit = Math.min(q.limit, RANK_WINDOW - pageOffset);
  const condition = matchCondition(q.segmented, q.viewerId);
  const gathered = q.read.by === 'gather';
  // The window: the next RANK_WINDOW matches by popularity (ids and scores only, no vectors).
  const window =
    q.read.by === 'gather'
      ? sql`with matches as materialized (select ${entrySearch.entryId} as id, ${entrySearch.hotScore} as hot_score from ${entrySearch} where ${condition}),
          search_window as (select id, hot_score from matches order by hot_score desc, id desc offset ${windowStart} limit ${RANK_WINDOW})`
      : q.read.by === 'walk'
        ? sql`with search_window as (select ${entrySearch.entryId} as id, ${entrySearch.hotScore} as hot_score from ${entrySearch} where ${condition}
          order by ${entrySearch.hotScore} desc, ${entrySearch.entryId} desc offset ${windowStart} limit ${RANK_WINDOW})`
        : // A filter is never pushed below a LIMIT: the scan stops at scanLimit rows whatever the words.
          sql`with search_window as (select id, hot_score from (
            select ${entrySearch.entryId} as id, ${entrySearch.hotScore} as hot_score, ${entrySearch.searchVector} as search_vector, ${entrySearch.userId} as user_id
            from ${entrySearch} order by ${entrySearch.hotScore} desc, ${entrySearch.entryId} desc limit ${q.read.scanLimit}) scanned
          where ${scannedCondition(q.segmented, q.viewerId)}
          order by hot_score desc, id desc offset ${windowStart} limit ${RANK_WINDOW})`;
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

/** How many popular entries the match rate of several words is sampled from. */
export const RATE_SAMPLE = 1000;

/**
 * How many of the RATE_SAMPLE most popular entries match the words: their real rate among the
 * entries a window is read from, where the planner can only multiply each word's frequency.
 */
export async function countSampleMatches(db: Db, segmented: string): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from (
      select ${entrySearch.searchVector} as search_vector from ${entrySearch}
      order by ${entrySearch.hotScore} desc, ${entrySearch.entryId} desc limit ${RATE_SAMPLE}) sample
    where sample.search_vector @@ ${tsQuery(segmented)}`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

export interface SearchEstimates {
  /** Matches of all the words. */
  all: number;
  /** Matches of each word alone, in the order given. */
  words: number[];
  /** Rows of entry_search. */
  entries: number;
}

/**
 * The planner's estimates (from the GIN index statistics and the table's size), in one EXPLAIN:
 * counting tens of thousands of matches exactly would read each row, far beyond the search
 * budget at 1M entries. For several words the planner multiplies their frequencies as if they
 * were unrelated, which words of one topic are not (PostgreSQL 索引: 1,426 estimated, 26,044
 * real); each word's own estimate bounds the real number from above.
 */
export async function estimateSearchMatches(db: Db, words: string[]): Promise<SearchEstimates> {
  const matching = (text: string) =>
    sql`select 1 from ${entrySearch} where ${entrySearch.searchVector} @@ ${tsQuery(text)}`;
  const parts = [matching(words.join(' ')), ...words.map(matching), sql`select 1 from ${entrySearch}`];
  const result = await db.execute(sql`explain (format json) ${sql.join(parts, sql` union all `)}`);
  const rows = rowsOf<Record<string, unknown>>(result);
  const raw = rows[0]?.['QUERY PLAN'];
  type PlanNode = { 'Plan Rows': number; Plans?: PlanNode[] };
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  const counts = (plan?.[0]?.Plan?.Plans ?? []).map((node) => Math.round(node['Plan Rows']));
  return { all: counts[0] ?? 0, words: counts.slice(1, -1), entries: counts.at(-1) ?? 0 };
}

/** The texts a result's snippet is cut from. */
export function selectSnippetSources(db: Db, ids: string[]) {
  return db
    .select({ id: entries.id, title: entries.title, abstract: entries.abstract, content: entries.content })
    .from(entries)
    .where(inArray(entries.id, ids));
}
