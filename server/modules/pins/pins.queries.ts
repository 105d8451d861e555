import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
import { pinLikes, pins } from '@db/schema/social.ts';
import { follows, users } from '@db/schema/users.ts';
import { refreshPinHotScore } from '@db/ranking.ts';
import { type Cursor, keysetBefore } from '../../http/cursor.ts';
import { authorNotMutedBy } from '../mutes/mutes.service.ts';

export const pinColumns = {
  id: pins.id,
  userId: pins.userId,
  content: pins.content,
  imageUrlList: pins.imageUrlList,
  likeCount: pins.likeCount,
  commentCount: pins.commentCount,
  hotScore: pins.hotScore,
  createdAt: pins.createdAt,
  updatedAt: pins.updatedAt,
  hiddenAt: pins.hiddenAt,
};

export type PinRow = Awaited<ReturnType<typeof selectPinsByIds>>[number];
export type PinSort = 'newest' | 'hot' | 'following';

export async function selectPinsByIds(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(pinColumns).from(pins).where(inArray(pins.id, ids));
}

export interface PinPageQuery {
  sort: PinSort;
  viewerId: string | null;
  userId?: string;
  cursor: Cursor | null;
  limit: number;
}

/** A keyset page of pins: newest (pins_created_idx), hot (pins_hot_idx), or by followees. */
export async function selectPinPage(db: Db, q: PinPageQuery) {
  // Hidden by a moderator: out of every list.
  const where: (SQL | undefined)[] = [authorNotMutedBy(q.viewerId, pins.userId), isNull(pins.hiddenAt)];
  if (q.userId) where.push(eq(pins.userId, q.userId));
  if (q.sort === 'following' && q.viewerId) {
    const followees = db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, q.viewerId));
    where.push(or(inArray(pins.userId, followees), eq(pins.userId, q.viewerId)));
  }
  const hot = q.sort === 'hot';
  const column = hot ? pins.hotScore : pins.createdAt;
  where.push(keysetBefore(column, pins.id, q.cursor, hot ? 'number' : 'time'));
  return db
    .select(pinColumns)
    .from(pins)
    .where(and(...where))
    .orderBy(desc(column), desc(pins.id))
    .limit(q.limit);
}

/** The pin's author (null: gone), or undefined when there is no such pin; `lock` takes its row lock. */
export async function selectPinAuthor(tx: Tx, id: string, options: { lock?: boolean } = {}) {
  const query = tx.select({ userId: pins.userId }).from(pins).where(eq(pins.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function selectPinLikeCount(tx: Tx, id: string): Promise<number | null> {
  const [row] = await tx.select({ likeCount: pins.likeCount }).from(pins).where(eq(pins.id, id));
  return row ? row.likeCount : null;
}

export async function selectLikedPinIds(db: Db, viewerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: pinLikes.pinId })
    .from(pinLikes)
    .where(and(eq(pinLikes.userId, viewerId), inArray(pinLikes.pinId, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function insertPin(tx: Tx, values: typeof pins.$inferInsert) {
  await tx.insert(pins).values(values);
  await refreshPinHotScore(tx, values.id);
  if (values.userId) {
    await tx
      .update(users)
      .set({ pinCount: sql`${users.pinCount} + 1` })
      .where(eq(users.id, values.userId));
  }
}

/** Moves the author's pin count when a pin is hidden (-1) or restored (+1). */
export async function addAuthorPinCount(tx: Tx, userId: string, delta: number) {
  await tx
    .update(users)
    .set({ pinCount: sql`${users.pinCount} + ${delta}` })
    .where(eq(users.id, userId));
}

export async function deletePinRow(tx: Tx, id: string, userId: string | null) {
  const removed = await tx.delete(pins).where(eq(pins.id, id)).returning({ id: pins.id, hiddenAt: pins.hiddenAt });
  // A hidden pin already left its author's count (movePinVisibility).
  if (removed.length > 0 && userId && !removed[0]?.hiddenAt) {
    await tx
      .update(users)
      .set({ pinCount: sql`${users.pinCount} - 1` })
      .where(eq(users.id, userId));
  }
  return removed.length > 0;
}

/** Adds or removes the viewer's like; the counter and hot score move only when a row did. */
export async function togglePinLike(tx: Tx, userId: string, pinId: string, like: boolean): Promise<boolean> {
  const changed = like
    ? await tx.insert(pinLikes).values({ userId, pinId }).onConflictDoNothing().returning({ id: pinLikes.pinId })
    : await tx
        .delete(pinLikes)
        .where(and(eq(pinLikes.userId, userId), eq(pinLikes.pinId, pinId)))
        .returning({ id: pinLikes.pinId });
  if (changed.length === 0) return false;
  await tx
    .update(pins)
    .set({ likeCount: sql`${pins.likeCount} + ${like ? 1 : -1}` })
    .where(eq(pins.id, pinId));
  await refreshPinHotScore(tx, pinId);
  return true;
}
