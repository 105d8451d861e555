import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
import { entries, entryLikes } from '@db/schema/content.ts';
import { users } from '@db/schema/users.ts';
import { type Cursor, keysetBefore } from '../../http/cursor.ts';
import { userBriefColumns } from '../users/users.service.ts';

export async function selectEntryAuthor(db: Db | Tx, entryId: string) {
  const [row] = await db
    .select({ id: entries.id, userId: entries.userId, hiddenAt: entries.hiddenAt })
    .from(entries)
    .where(eq(entries.id, entryId))
    .limit(1);
  return row ?? null;
}

/** True when the like row was really inserted (a repeated like changes nothing). */
export async function insertLike(tx: Tx, userId: string, entryId: string): Promise<boolean> {
  const rows = await tx
    .insert(entryLikes)
    .values({ userId, entryId })
    .onConflictDoNothing()
    .returning({ userId: entryLikes.userId });
  return rows.length > 0;
}

/** True when a like row was really deleted. */
export async function deleteLike(tx: Tx, userId: string, entryId: string): Promise<boolean> {
  const rows = await tx
    .delete(entryLikes)
    .where(and(eq(entryLikes.userId, userId), eq(entryLikes.entryId, entryId)))
    .returning({ userId: entryLikes.userId });
  return rows.length > 0;
}

/** Moves the entry's like count (its hot score follows: entries' rescoreEntry). */
export async function addEntryLikeCount(tx: Tx, entryId: string, delta: number) {
  await tx
    .update(entries)
    .set({ likeCount: sql`${entries.likeCount} + ${delta}` })
    .where(eq(entries.id, entryId));
}

export async function addUserLikeCounters(
  tx: Tx,
  {
    likerId,
    authorId,
    delta,
    hidden = false,
  }: { likerId: string; authorId: string | null; delta: number; hidden?: boolean },
) {
  // The liker's count (the 赞 tab) counts visible entries only (entries.service moveEntryVisibility).
  if (!hidden) {
    await tx
      .update(users)
      .set({ likedEntriesCount: sql`${users.likedEntriesCount} + ${delta}` })
      .where(eq(users.id, likerId));
  }
  if (authorId) {
    await tx
      .update(users)
      .set({ beLikedCount: sql`${users.beLikedCount} + ${delta}` })
      .where(eq(users.id, authorId));
  }
}

export async function selectLikeState(db: Db, userId: string, entryId: string) {
  const [row] = await db
    .select({
      likeCount: entries.likeCount,
      liked: sql<boolean>`exists (select 1 from ${entryLikes} where ${entryLikes.userId} = ${userId} and ${entryLikes.entryId} = ${entries.id})`,
    })
    .from(entries)
    .where(eq(entries.id, entryId))
    .limit(1);
  return row ?? null;
}

/** A user's likes, newest first (entry_likes_user_created_idx); the entry id breaks ties. */
export async function selectUserLikes(db: Db, q: { userId: string; cursor: Cursor | null; limit: number }) {
  return db
    .select({ entryId: entryLikes.entryId, createdAt: entryLikes.createdAt })
    .from(entryLikes)
    .innerJoin(entries, eq(entries.id, entryLikes.entryId))
    .where(
      and(
        eq(entryLikes.userId, q.userId),
        keysetBefore(entryLikes.createdAt, entryLikes.entryId, q.cursor),
        isNull(entries.hiddenAt),
      ),
    )
    .orderBy(desc(entryLikes.createdAt), desc(entryLikes.entryId))
    .limit(q.limit);
}

export async function selectUserLikedCount(db: Db, userId: string) {
  const [row] = await db.select({ n: users.likedEntriesCount }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? row.n : null;
}

/** The people who liked an entry, newest first (entry_likes_entry_created_idx), a zero-based page. */
export async function selectEntryLikers(db: Db, q: { entryId: string; page: number; pageSize: number }) {
  return db
    .select({ ...userBriefColumns, likedAt: entryLikes.createdAt })
    .from(entryLikes)
    .innerJoin(users, eq(users.id, entryLikes.userId))
    .where(eq(entryLikes.entryId, q.entryId))
    .orderBy(desc(entryLikes.createdAt), desc(entryLikes.userId))
    .limit(q.pageSize)
    .offset(q.page * q.pageSize);
}

export async function selectEntryLikeCount(db: Db | Tx, entryId: string) {
  const [row] = await db.select({ n: entries.likeCount }).from(entries).where(eq(entries.id, entryId)).limit(1);
  return row ? row.n : null;
}
