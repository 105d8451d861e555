import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { entries } from '@db/schema/content.ts';

/** `execute` answers rows (pg) or { rows } (PGlite) depending on the driver. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/** A timestamp's China Standard Time day, as text (the days entry views and the tracking rollup use). */
const cstDay = (column: SQL) => sql`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

export interface Scope {
  authorId: string;
  /** One entry of the author's only. */
  entryId?: string;
  /** First day (China Standard Time) and the instant it starts. */
  fromDay: string;
  fromStart: Date;
  /** Raw share events are read from this instant on; the daily rollup before it. */
  rawFromDay: string;
  rawFromStart: Date;
}

export interface CountRow {
  day: string;
  entryId: string;
  n: number;
}

const entryFilter = (scope: Scope, column: SQL) => (scope.entryId ? sql`and ${column} = ${scope.entryId}` : sql``);

/** Counted views (entry_views: one per visitor, entry and day) of the author's entries, by day and entry. */
export async function viewCounts(db: Db, scope: Scope): Promise<CountRow[]> {
  return rowsOf<CountRow>(
    await db.execute(sql`
      select v.day::text as "day", v.entry_id as "entryId", count(*)::int as "n"
        from entry_views v join entries e on e.id = v.entry_id
       where e.user_id = ${scope.authorId} ${entryFilter(scope, sql`e.id`)}
         and v.day >= ${scope.fromDay}::date
       group by v.day, v.entry_id`),
  );
}

/** Likes given to the author's entries (still standing), by the day they were given and entry. */
export async function likeCounts(db: Db, scope: Scope): Promise<CountRow[]> {
  return rowsOf<CountRow>(
    await db.execute(sql`
      select ${cstDay(sql`l.created_at`)} as "day", l.entry_id as "entryId", count(*)::int as "n"
        from entry_likes l join entries e on e.id = l.entry_id
       where e.user_id = ${scope.authorId} ${entryFilter(scope, sql`e.id`)}
         and l.created_at >= ${scope.fromStart.toISOString()}::timestamptz
       group by 1, 2`),
  );
}

/** Comments and replies on the author's entries (deleted ones left out), by day and entry. */
export async function commentCounts(db: Db, scope: Scope): Promise<CountRow[]> {
  return rowsOf<CountRow>(
    await db.execute(sql`
      select ${cstDay(sql`c.created_at`)} as "day", c.target_id as "entryId", count(*)::int as "n"
        from comments c join entries e on e.id = c.target_id
       where c.target_type = 'entry' and not c.deleted
         and e.user_id = ${scope.authorId} ${entryFilter(scope, sql`e.id`)}
         and c.created_at >= ${scope.fromStart.toISOString()}::timestamptz
       group by 1, 2`),
  );
}

/** Shares of the author's entries (tracked share events): the daily rollup, then raw events for the last days. */
export async function shareCounts(db: Db, scope: Scope): Promise<CountRow[]> {
  return rowsOf<CountRow>(
    await db.execute(sql`
      select d.day::text as "day", d.target as "entryId", d.events as "n"
        from tracking_daily d join entries e on e.id = d.target
       where d.action = 'share' and d.day >= ${scope.fromDay}::date and d.day < ${scope.rawFromDay}::date
         and e.user_id = ${scope.authorId} ${entryFilter(scope, sql`e.id`)}
      union all
      select ${cstDay(sql`t.created_at`)}, t.target, count(*)::int
        from tracking_events t join entries e on e.id = t.target
       where t.action = 'share' and t.created_at >= ${scope.rawFromStart.toISOString()}::timestamptz
         and e.user_id = ${scope.authorId} ${entryFilter(scope, sql`e.id`)}
       group by 1, 2`),
  );
}

/** New followers of the author, by day. */
export async function followerCounts(db: Db, scope: Scope): Promise<Array<{ day: string; n: number }>> {
  return rowsOf<{ day: string; n: number }>(
    await db.execute(sql`
      select ${cstDay(sql`f.created_at`)} as "day", count(*)::int as "n"
        from follows f
       where f.followee_id = ${scope.authorId} and f.created_at >= ${scope.fromStart.toISOString()}::timestamptz
       group by 1`),
  );
}

/** The author's entries, newest first (entries_user_created_idx). */
export async function authorEntries(db: Db, authorId: string, limit: number) {
  return db
    .select({
      id: entries.id,
      title: entries.title,
      type: entries.type,
      viewCount: entries.viewCount,
      likeCount: entries.likeCount,
      commentCount: entries.commentCount,
      createdAt: entries.createdAt,
    })
    .from(entries)
    .where(eq(entries.userId, authorId))
    .orderBy(desc(entries.createdAt), desc(entries.id))
    .limit(limit);
}

export async function selectEntryOwner(db: Db, entryId: string) {
  const [row] = await db
    .select({ id: entries.id, userId: entries.userId, title: entries.title })
    .from(entries)
    .where(and(eq(entries.id, entryId)))
    .limit(1);
  return row;
}
