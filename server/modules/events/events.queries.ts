import { type SQL, and, asc, desc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { events } from '@db/schema/commerce.ts';

export type EventRow = typeof events.$inferSelect;
export type EventStatus = 'coming' | 'past';

export interface EventFilter {
  city?: string;
  /** Events starting in [from, to). */
  from?: Date;
  to?: Date;
  /** coming: not ended yet (running ones included); past: ended. */
  status?: EventStatus;
  showBanner?: boolean;
  now: Date;
}

function whereOf(f: EventFilter): SQL | undefined {
  return and(
    f.city ? eq(events.city, f.city) : undefined,
    f.from ? gte(events.startedAt, f.from) : undefined,
    f.to ? lt(events.startedAt, f.to) : undefined,
    f.status === 'coming' ? gt(events.endedAt, f.now) : undefined,
    f.status === 'past' ? lte(events.endedAt, f.now) : undefined,
    f.showBanner ? eq(events.showBanner, true) : undefined,
  );
}

const columns = {
  id: events.id,
  title: events.title,
  city: events.city,
  address: events.address,
  url: events.url,
  screenshot: events.screenshot,
  showBanner: events.showBanner,
  startedAt: events.startedAt,
  endedAt: events.endedAt,
  userId: events.userId,
  createdAt: events.createdAt,
};

/**
 * One page by start time (orderType startTime): coming events soonest first, past ones latest
 * first; served by events_started_idx / events_city_started_idx.
 */
export async function selectEventPage(db: Db, f: EventFilter, page: { offset: number; limit: number }) {
  const order =
    f.status === 'past' ? [desc(events.startedAt), desc(events.id)] : [asc(events.startedAt), asc(events.id)];
  return db
    .select(columns)
    .from(events)
    .where(whereOf(f))
    .orderBy(...order)
    .offset(page.offset)
    .limit(page.limit);
}

export async function countEvents(db: Db, f: EventFilter): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(events).where(whereOf(f));
  return row?.total ?? 0;
}

/** Events per China-time month (UTC+8), oldest month first. */
export async function selectMonthCounts(db: Db, f: { city?: string }) {
  const month = sql<string>`to_char((${events.startedAt} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM')`;
  return db
    .select({ month, count: sql<number>`count(*)::int` })
    .from(events)
    .where(f.city ? eq(events.city, f.city) : undefined)
    .groupBy(month)
    .orderBy(month);
}

export async function selectEvent(db: Db, id: string, options: { lock?: boolean } = {}) {
  const query = db.select(columns).from(events).where(eq(events.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export type EventValues = Omit<typeof events.$inferInsert, 'createdAt'>;

export async function insertEvent(db: Db, values: EventValues) {
  await db.insert(events).values(values);
}

export async function updateEvent(db: Db, id: string, values: Partial<Omit<EventValues, 'id' | 'userId'>>) {
  await db.update(events).set(values).where(eq(events.id, id));
}

export async function deleteEvent(db: Db, id: string) {
  await db.delete(events).where(eq(events.id, id));
}
