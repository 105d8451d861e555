/**
 * The ranking formulas (docs/ranking.md), one home each: the services recompute a row's score
 * in the transaction that changes its counts, and the seed and the scale generator compute the
 * same scores in bulk. Written as SQL over the table's own columns, so a statement of the form
 * `UPDATE <table> SET hot_score = <formula>` (or a subquery aliased as the table) can use them.
 * The refresh functions apply a formula to one row in the caller's transaction: call them after
 * changing a count the formula reads.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { entries, entrySearch } from './schema/content.ts';
import { collections, comments, pins } from './schema/social.ts';

/**
 * Entries: log-damped engagement plus the day of creation, so a day-old entry needs ten times
 * the engagement of a new one to rank level; recommended entries get a head start.
 */
export const entryHotScore = sql`(log(greatest(1, ${entries.likeCount} * 2 + ${entries.commentCount} * 3 + ${entries.viewCount} / 20.0 + case when ${entries.hot} then 20 else 0 end)) + extract(epoch from ${entries.createdAt}) / 86400.0)`;

/** Pins: the same shape as entries, from likes and comments. */
export const pinHotScore = sql`(log(greatest(1, ${pins.likeCount} * 2 + ${pins.commentCount} * 3)) + extract(epoch from ${pins.createdAt}) / 86400.0)`;

/** Hot comments rank by engagement alone: likes, and replies that started a conversation. */
export const commentHotScore = sql`${comments.likeCount} * 2 + ${comments.subCommentCount} * 3`;

/** Collections: followers weigh three entries; the day of the last change is the time term. */
export const collectionHotScore = sql`log(greatest(1, ${collections.followerCount} * 3 + ${collections.entryCount})) + extract(epoch from ${collections.updatedAt}) / 86400.0`;

/**
 * Recomputes an entry's hot score and copies it to its search row (search's copy, docs/performance.md).
 * Returns the entry's counts; none when the entry is gone.
 */
export async function refreshEntryHotScore(tx: Tx, entryId: string) {
  const [row] = await tx
    .update(entries)
    .set({ hotScore: entryHotScore })
    .where(eq(entries.id, entryId))
    .returning({ hotScore: entries.hotScore, likeCount: entries.likeCount, viewCount: entries.viewCount });
  if (row) await tx.update(entrySearch).set({ hotScore: row.hotScore }).where(eq(entrySearch.entryId, entryId));
  return row;
}

export async function refreshPinHotScore(tx: Tx, pinId: string) {
  await tx.update(pins).set({ hotScore: pinHotScore }).where(eq(pins.id, pinId));
}

export async function refreshCommentHotScore(tx: Tx, commentId: string) {
  await tx.update(comments).set({ hotScore: commentHotScore }).where(eq(comments.id, commentId));
}

export async function refreshCollectionHotScore(tx: Tx, collectionId: string) {
  await tx.update(collections).set({ hotScore: collectionHotScore }).where(eq(collections.id, collectionId));
}
