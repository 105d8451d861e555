import { and, asc, desc, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { entries, tags } from '@db/schema/content.ts';

/** The oldest entry's creation time (entries_created_idx read from its far end), or null. */
export async function selectOldestEntryDate(db: Db) {
  const [row] = await db
    .select({ createdAt: entries.createdAt })
    .from(entries)
    .orderBy(asc(entries.createdAt), asc(entries.id))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Entries created in [from, to), newest first (an index range of entries_created_idx). */
export async function selectEntryLocations(db: Db, q: { from: Date; to: Date; limit: number }) {
  return db
    .select({ id: entries.id, type: entries.type, updatedAt: entries.updatedAt })
    .from(entries)
    .where(and(gte(entries.createdAt, q.from), lt(entries.createdAt, q.to), isNull(entries.hiddenAt)))
    .orderBy(desc(entries.createdAt), desc(entries.id))
    .limit(q.limit);
}

export async function countTags(db: Db) {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(tags);
  return row?.total ?? 0;
}

export async function selectTagLocations(db: Db, q: { offset: number; limit: number }) {
  return db
    .select({ title: tags.title, updatedAt: tags.updatedAt })
    .from(tags)
    .orderBy(asc(tags.id))
    .offset(q.offset)
    .limit(q.limit);
}
