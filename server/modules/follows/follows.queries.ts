import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
import { entries } from '@db/schema/content.ts';
import { follows, users } from '@db/schema/users.ts';
import { type Cursor, keysetBefore } from '../../http/cursor.ts';
import { authorNotMutedBy } from '../mutes/mutes.service.ts';
import { userBriefColumns } from '../users/users.service.ts';

/** Locks the people a follow change touches, in id order, so crossing follows cannot deadlock. */
export async function insertFollow(tx: Tx, followerId: string, followeeId: string): Promise<boolean> {
  const inserted = await tx
    .insert(follows)
    .values({ followerId, followeeId })
    .onConflictDoNothing()
    .returning({ id: follows.followeeId });
  if (inserted.length === 0) return false;
  await moveFollowCounts(tx, followerId, followeeId, 1);
  return true;
}

export async function deleteFollow(tx: Tx, followerId: string, followeeId: string): Promise<boolean> {
  const removed = await tx
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .returning({ id: follows.followeeId });
  if (removed.length === 0) return false;
  await moveFollowCounts(tx, followerId, followeeId, -1);
  return true;
}

async function moveFollowCounts(tx: Tx, followerId: string, followeeId: string, delta: 1 | -1) {
  await tx
    .update(users)
    .set({ followingCount: sql`${users.followingCount} + ${delta}` })
    .where(eq(users.id, followerId));
  await tx
    .update(users)
    .set({ followerCount: sql`${users.followerCount} + ${delta}` })
    .where(eq(users.id, followeeId));
}

export async function selectFollowedAmong(db: Db, followerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), inArray(follows.followeeId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The person's followingCount after a follow change (0 when gone). */
export async function selectFollowingCount(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.select({ followingCount: users.followingCount }).from(users).where(eq(users.id, userId));
  return row?.followingCount ?? 0;
}

export async function selectFollowCounts(db: Db, userId: string) {
  const [row] = await db
    .select({ followerNum: users.followerCount, followeeNum: users.followingCount })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** `id` and the named public columns of these people (/get_multi_user). */
export async function selectUserColumns(db: Db, ids: string[], columns: readonly (keyof typeof users.$inferSelect)[]) {
  if (ids.length === 0) return [];
  const projection = Object.fromEntries([['id', users.id], ...columns.map((c) => [c, users[c]])]);
  return db
    .select(projection as Record<string, typeof users.id>)
    .from(users)
    .where(inArray(users.id, ids));
}

export const followUserColumns = { ...userBriefColumns, followingCount: users.followingCount };

/** One page of a person's followers or followees, newest follow first (follows_*_created_idx). */
export async function selectFollowPage(
  db: Db,
  q: { uid: string; direction: 'followers' | 'followees'; cursor: Cursor | null; limit: number },
) {
  const mine = q.direction === 'followers' ? follows.followeeId : follows.followerId;
  const other = q.direction === 'followers' ? follows.followerId : follows.followeeId;
  const where = [eq(mine, q.uid), keysetBefore(follows.createdAt, other, q.cursor)];
  return db
    .select({ ...followUserColumns, followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(and(...where))
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(q.limit);
}

/** Authors of a category's recent entries the viewer does not follow yet, most prolific first. */
export async function selectCategoryAuthors(db: Db, categoryId: string, viewerId: string | null, limit: number) {
  const recent = db
    .select({ userId: entries.userId })
    .from(entries)
    .where(eq(entries.categoryId, categoryId))
    .orderBy(desc(entries.createdAt), desc(entries.id))
    .limit(500)
    .as('recent');
  const rows = await db
    .select({ id: recent.userId, n: sql<number>`count(*)::int` })
    .from(recent)
    .where(
      viewerId
        ? sql`${recent.userId} is not null and ${recent.userId} <> ${viewerId}
            and not exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${recent.userId})
            and ${authorNotMutedBy(viewerId, recent.userId)}`
        : sql`${recent.userId} is not null`,
    )
    .groupBy(recent.userId)
    .orderBy(sql`count(*) desc`)
    .limit(limit);
  return rows.map((r) => r.id).filter((id): id is string => id !== null);
}

export async function selectFollowUsers(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(followUserColumns).from(users).where(inArray(users.id, ids));
}
