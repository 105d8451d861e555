import { desc, sql } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { entries } from '@db/schema/content.ts';

/** The segmented query as a tsquery; the same 'simple' configuration the vectors were built with. */
function tsQuery(segmented: string) {
  return sql`plainto_tsquery('simple', ${segmented})`;
}

/** One page of matching entry ids, best rank first, then the hotter entry (entries_search_idx). */
export async function selectSearchMatchIds(db: Db, q: { segmented: string; offset: number; limit: number }) {
  const query = tsQuery(q.segmented);
  const rows = await db
    .select({ id: entries.id })
    .from(entries)
    .where(sql`${entries.searchVector} @@ ${query}`)
    .orderBy(desc(sql`ts_rank(${entries.searchVector}, ${query})`), desc(entries.hotScore), desc(entries.id))
    .offset(q.offset)
    .limit(q.limit);
  return rows.map((row) => row.id);
}

export async function countSearchMatches(db: Db, segmented: string) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(entries)
    .where(sql`${entries.searchVector} @@ ${tsQuery(segmented)}`);
  return row?.total ?? 0;
}
