/**
 * The ranking formulas (docs/ranking.md), one home each: the services recompute a row's score
 * in the transaction that changes its counts, and the seed and the scale generator compute the
 * same scores in bulk. Written as SQL over the table's own columns, so a statement of the form
 * `UPDATE <table> SET hot_score = <formula>` (or a subquery aliased as the table) can use them.
 * The statements that apply a formula to one row live in the owner's queries (entries.queries.ts
 * refreshEntryHotScore, comments, collections): a service calls them after changing a count the
 * formula reads, in the same transaction. The pin's lives here, below its formula: both the pins
 * and the comments queries move a pin's counts, and comments cannot import pins (pins imports
 * comments: scripts/check-module-cycles.mjs).
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { entries } from './schema/content.ts';
import { collections, comments, pins } from './schema/social.ts';

/**
 * Entries: log-damped engagement plus the day of creation, so a day-old entry needs ten times
 * the engagement of a new one to rank level; recommended entries get a head start.
 */
export const entryHotScore = sql`(log(greatest(1, ${entries.likeCount} * 2 + ${entries.commentCount} * 3 + ${entries.viewCount} / 20.0 + case when ${entries.hot} then 20 else 0 end)) + extract(epoch from ${entries.createdAt}) / 86400.0)`;

/** Pins: the same shape as entries, from likes and comments. */
export const pinHotScore = sql`(log(greatest(1, ${pins.likeCount} * 2 + ${pins.commentCount} * 3)) + extract(epoch from ${pins.createdAt}) / 86400.0)`;

/** Recomputes one pin's hot score after its like or comment count moved, in the same transaction. */
export async function refreshPinHotScore(tx: Tx, pinId: string) {
  await tx.update(pins).set({ hotScore: pinHotScore }).where(eq(pins.id, pinId));
}

/** Hot comments rank by engagement alone: likes, and replies that started a conversation. */
export const commentHotScore = sql`${comments.likeCount} * 2 + ${comments.subCommentCount} * 3`;

/** Collections: followers weigh three entries; the day of the last change is the time term. */
export const collectionHotScore = sql`log(greatest(1, ${collections.followerCount} * 3 + ${collections.entryCount})) + extract(epoch from ${collections.updatedAt}) / 86400.0`;
