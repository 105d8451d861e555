import { and, gte, lt, sql } from 'drizzle-orm';
import { type Db, type Tx, rowsOf } from '@db/client.ts';
import { trackingDaily, trackingEvents } from '@db/schema/social.ts';
import { LIST_STAT_KINDS, PAGE_VIEW_ACTION } from '@core/tracking.ts';

export type NewTrackingEvent = typeof trackingEvents.$inferInsert;

export async function insertEvent(db: Db | Tx, values: NewTrackingEvent) {
  await db.insert(trackingEvents).values(values);
}

const listKinds = sql.join(
  LIST_STAT_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
);

/**
 * Recomputes one day's rollup from the raw events of [start, end): per action and target, the
 * events and the distinct visitors. A page view's target is its path; a list statistic counts
 * one impression for each entry it listed.
 */
export async function rollupDay(tx: Tx, q: { day: string; start: Date; end: Date }) {
  await tx.delete(trackingDaily).where(sql`${trackingDaily.day} = ${q.day}`);
  await tx.execute(sql`
    insert into tracking_daily (day, action, target, events, visitors)
    select ${q.day}::date, action, target, count(*)::int, count(distinct visitor)::int
    from (
      select action,
             case when action = ${PAGE_VIEW_ACTION} then location else target end as target,
             coalesce(user_id, 's:' || suid) as visitor
        from tracking_events
       where created_at >= ${q.start.toISOString()}::timestamptz and created_at < ${q.end.toISOString()}::timestamptz
         and action not in (${listKinds})
      union all
      select action, unnest(string_to_array(value, '|')) as target, coalesce(user_id, 's:' || suid) as visitor
        from tracking_events
       where created_at >= ${q.start.toISOString()}::timestamptz and created_at < ${q.end.toISOString()}::timestamptz
         and action in (${listKinds})
    ) as events
    group by action, target`);
}

/** The China Standard Time days that have raw events before `before`, oldest first. */
export async function rawDaysBefore(db: Db | Tx, before: Date): Promise<string[]> {
  const result = await db.execute<{ day: string }>(sql`
    select distinct to_char((created_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') as day
      from tracking_events
     where created_at < ${before.toISOString()}::timestamptz
     order by day`);
  return rowsOf<{ day: string }>(result).map((row) => row.day);
}

export async function deleteRawBefore(tx: Tx, before: Date): Promise<number> {
  const deleted = await tx
    .delete(trackingEvents)
    .where(lt(trackingEvents.createdAt, before))
    .returning({ id: trackingEvents.id });
  return deleted.length;
}

export async function deleteDailyBefore(tx: Tx, day: string): Promise<number> {
  const deleted = await tx
    .delete(trackingDaily)
    .where(sql`${trackingDaily.day} < ${day}::date`)
    .returning({ day: trackingDaily.day });
  return deleted.length;
}

/** Only one instance runs the maintenance at a time; the lock ends with the transaction. */
export async function tryMaintenanceLock(tx: Tx): Promise<boolean> {
  const result = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtext('jinsha:tracking-maintenance')) as locked`,
  );
  return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
}

export async function countRaw(db: Db, range: { start: Date; end: Date }) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(trackingEvents)
    .where(and(gte(trackingEvents.createdAt, range.start), lt(trackingEvents.createdAt, range.end)));
  return row?.n ?? 0;
}
