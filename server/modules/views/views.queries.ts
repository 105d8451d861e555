import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '@db/client.ts';
import { entries, entryViews } from '@db/schema/content.ts';
import { users } from '@db/schema/users.ts';

export async function selectViewedEntry(tx: Tx, entryId: string) {
  const [entry] = await tx
    .select({ userId: entries.userId, viewCount: entries.viewCount })
    .from(entries)
    .where(eq(entries.id, entryId))
    .limit(1);
  return entry;
}

/** The visitor's view of the entry that day; null when one was already there (it is not counted again). */
export async function insertView(
  tx: Tx,
  values: { id: string; entryId: string; visitorId: string; day: string; createdAt: Date },
): Promise<string | null> {
  const [row] = await tx.insert(entryViews).values(values).onConflictDoNothing().returning({ id: entryViews.id });
  return row?.id ?? null;
}

/** entry_views_visitor_day_uq (entry_id, visitor_id, day) serves both probes. */
export async function selectViewId(tx: Tx, q: { entryId: string; visitorId: string; day: string }) {
  const [row] = await tx
    .select({ id: entryViews.id })
    .from(entryViews)
    .where(and(eq(entryViews.entryId, q.entryId), eq(entryViews.visitorId, q.visitorId), eq(entryViews.day, q.day)))
    .limit(1);
  return row?.id ?? null;
}

/** Whether the visitor viewed the entry on another day than `day`. */
export async function viewedOnAnotherDay(tx: Tx, q: { entryId: string; visitorId: string; day: string }) {
  const [row] = await tx
    .select({ id: entryViews.id })
    .from(entryViews)
    .where(and(eq(entryViews.entryId, q.entryId), eq(entryViews.visitorId, q.visitorId), ne(entryViews.day, q.day)))
    .limit(1);
  return Boolean(row);
}

export async function addEntryView(tx: Tx, entryId: string) {
  await tx
    .update(entries)
    .set({ viewCount: sql`${entries.viewCount} + 1` })
    .where(eq(entries.id, entryId));
}

export async function addAuthorRead(tx: Tx, authorId: string) {
  await tx
    .update(users)
    .set({ beReadCount: sql`${users.beReadCount} + 1` })
    .where(eq(users.id, authorId));
}

export async function addViewedEntry(tx: Tx, viewerId: string) {
  await tx
    .update(users)
    .set({ viewedEntriesCount: sql`${users.viewedEntriesCount} + 1` })
    .where(eq(users.id, viewerId));
}
