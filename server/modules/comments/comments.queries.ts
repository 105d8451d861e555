import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
import { commentHotScore, refreshPinHotScore } from '@db/ranking.ts';
import { bookletSections, booklets } from '@db/schema/commerce.ts';
import { categoryEntryCounts, entries } from '@db/schema/content.ts';
import { repos } from '@db/schema/repos.ts';
import { type CommentTargetType, commentLikes, comments, pins } from '@db/schema/social.ts';
import { users } from '@db/schema/users.ts';
import { keysetBefore } from '../../http/cursor.ts';
import { authorNotMutedBy } from '../mutes/mutes.service.ts';

export const commentColumns = {
  id: comments.id,
  targetType: comments.targetType,
  targetId: comments.targetId,
  userId: comments.userId,
  content: comments.content,
  imageUrlList: comments.imageUrlList,
  parentId: comments.parentId,
  replyCommentId: comments.replyCommentId,
  replyUserId: comments.replyUserId,
  likeCount: comments.likeCount,
  subCommentCount: comments.subCommentCount,
  deleted: comments.deleted,
  hiddenAt: comments.hiddenAt,
  hiddenReason: comments.hiddenReason,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
};

export type CommentRow = Awaited<ReturnType<typeof selectCommentsByIds>>[number];

/** A deleted comment stays in a list only while replies hang under it (此评论已删除). */
const visible = sql`(not ${comments.deleted} or ${comments.subCommentCount} > 0)`;

export async function selectCommentsByIds(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(commentColumns).from(comments).where(inArray(comments.id, ids));
}

export async function insertComment(tx: Tx, values: typeof comments.$inferInsert) {
  await tx.insert(comments).values(values);
}

/** A deleted comment keeps its row (此评论已删除) while replies hang under it. */
export async function markCommentDeleted(tx: Tx, id: string) {
  await tx.update(comments).set({ deleted: true, updatedAt: new Date() }).where(eq(comments.id, id));
}

export async function deleteCommentsOfTarget(tx: Tx, type: CommentTargetType, id: string) {
  await tx.delete(comments).where(and(eq(comments.targetType, type), eq(comments.targetId, id)));
}

export async function selectCommentForUpdate(tx: Tx, id: string) {
  const [row] = await tx.select(commentColumns).from(comments).where(eq(comments.id, id)).for('update');
  return row;
}

export interface TopLevelPageQuery {
  targetType: CommentTargetType;
  targetId: string;
  viewerId: string | null;
  limit: number;
  /** new: created before this position; hot: skip this many. */
  before?: { createdAt: Date; id: string | null };
  offset?: number;
  rank: 'new' | 'hot';
}

/** First-level comments of a target, newest or hottest first (comments_target_*_idx). */
export async function selectTopLevelPage(db: Db, q: TopLevelPageQuery) {
  const where: (SQL | undefined)[] = [
    eq(comments.targetType, q.targetType),
    eq(comments.targetId, q.targetId),
    isNull(comments.parentId),
    visible,
    authorNotMutedBy(q.viewerId, comments.userId),
  ];
  if (q.rank === 'new' && q.before) {
    // The spec's cursor is visible (createdAt, lastId); without lastId it cuts at the time alone.
    where.push(
      q.before.id
        ? keysetBefore(comments.createdAt, comments.id, { value: q.before.createdAt.getTime(), id: q.before.id })
        : sql`${comments.createdAt} < ${q.before.createdAt.toISOString()}::timestamptz`,
    );
  }
  const order =
    q.rank === 'new' ? [desc(comments.createdAt), desc(comments.id)] : [desc(comments.hotScore), desc(comments.id)];
  return db
    .select(commentColumns)
    .from(comments)
    .where(and(...where))
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset ?? 0);
}

/** The first `perParent` replies under each parent, oldest first (comments_parent_created_idx). */
export async function selectTopReplies(db: Db, parentIds: string[], perParent: number, viewerId: string | null) {
  if (parentIds.length === 0) return [];
  const ranked = db
    .select({
      ...commentColumns,
      rank: sql<number>`row_number() over (partition by ${comments.parentId} order by ${comments.createdAt}, ${comments.id})`.as(
        'rank',
      ),
    })
    .from(comments)
    .where(
      and(
        inArray(comments.parentId, parentIds),
        eq(comments.deleted, false),
        authorNotMutedBy(viewerId, comments.userId),
      ),
    )
    .as('ranked');
  const rows = await db.select().from(ranked).where(sql`${ranked.rank} <= ${perParent}`);
  return rows.map(({ rank: _rank, ...row }) => row as CommentRow);
}

/** One page of the replies under a first-level comment, oldest first. */
export async function selectReplyPage(
  db: Db,
  q: { parentId: string; viewerId: string | null; limit: number; offset: number },
) {
  return db
    .select(commentColumns)
    .from(comments)
    .where(
      and(
        eq(comments.parentId, q.parentId),
        eq(comments.deleted, false),
        authorNotMutedBy(q.viewerId, comments.userId),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(q.limit)
    .offset(q.offset);
}

export async function selectLikedCommentIds(db: Db, viewerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: commentLikes.commentId })
    .from(commentLikes)
    .where(and(eq(commentLikes.userId, viewerId), inArray(commentLikes.commentId, ids)));
  return new Set(rows.map((r) => r.id));
}

export interface TargetInfo {
  exists: boolean;
  /** Whom a comment on it notifies; null for repos and sections. */
  ownerId: string | null;
  commentCount: number;
}

/** The commented thing, locked so its counters move one change at a time. */
export async function lockTarget(tx: Tx, type: CommentTargetType, id: string): Promise<TargetInfo> {
  switch (type) {
    case 'entry': {
      const [row] = await tx
        .select({ ownerId: entries.userId, commentCount: entries.commentCount })
        .from(entries)
        .where(eq(entries.id, id))
        .for('update');
      return row ? { exists: true, ...row } : { exists: false, ownerId: null, commentCount: 0 };
    }
    case 'pin': {
      const [row] = await tx
        .select({ ownerId: pins.userId, commentCount: pins.commentCount })
        .from(pins)
        .where(eq(pins.id, id))
        .for('update');
      return row ? { exists: true, ...row } : { exists: false, ownerId: null, commentCount: 0 };
    }
    case 'repo': {
      const [row] = await tx
        .select({ commentCount: repos.commentCount })
        .from(repos)
        .where(eq(repos.id, id))
        .for('update');
      return row ? { exists: true, ownerId: null, ...row } : { exists: false, ownerId: null, commentCount: 0 };
    }
    case 'section': {
      const [row] = await tx
        .select({ commentCount: bookletSections.commentCount, ownerId: booklets.userId })
        .from(bookletSections)
        .innerJoin(booklets, eq(booklets.id, bookletSections.bookletId))
        .where(eq(bookletSections.id, id))
        .for('update', { of: bookletSections });
      return row ? { exists: true, ...row } : { exists: false, ownerId: null, commentCount: 0 };
    }
  }
}

/** The target's comment count; null when the target does not exist. */
export async function selectTargetCommentCount(db: Db, type: CommentTargetType, id: string): Promise<number | null> {
  const table = { entry: entries, pin: pins, repo: repos, section: bookletSections }[type];
  const [row] = await db.select({ n: table.commentCount }).from(table).where(eq(table.id, id));
  return row ? row.n : null;
}

/** Moves a target's comment counter by ±1, with what depends on it (latest comment time, hot score). */
export async function moveTargetCommentCount(tx: Tx, type: CommentTargetType, id: string, delta: 1 | -1) {
  switch (type) {
    case 'entry': {
      // now() is when this transaction began: one that began earlier and comments after a later
      // one has committed must not move the time back.
      const latest =
        delta === 1
          ? sql`greatest(${entries.latestCommentAt}, now())`
          : sql`(select max(c.created_at) from ${comments} c where c.target_type = 'entry' and c.target_id = ${id} and not c.deleted)`;
      const [moved] = await tx
        .update(entries)
        .set({ commentCount: sql`${entries.commentCount} + ${delta}`, latestCommentAt: latest })
        .where(eq(entries.id, id))
        .returning({
          categoryId: entries.categoryId,
          type: entries.type,
          commentCount: entries.commentCount,
          latestCommentAt: entries.latestCommentAt,
          hiddenAt: entries.hiddenAt,
        });
      // The first comment makes the entry one of its category's commented entries; removing the last one undoes it.
      // A hidden entry is in none of its category's counts (entries.service moveEntryVisibility).
      const commentedDelta =
        !moved || moved.hiddenAt
          ? 0
          : delta === 1 && moved.commentCount === 1
            ? 1
            : delta === -1 && !moved.latestCommentAt
              ? -1
              : 0;
      if (moved && commentedDelta !== 0) {
        await tx
          .update(categoryEntryCounts)
          .set({ commentedCount: sql`${categoryEntryCounts.commentedCount} + ${commentedDelta}` })
          .where(and(eq(categoryEntryCounts.categoryId, moved.categoryId), eq(categoryEntryCounts.type, moved.type)));
      }
      return;
    }
    case 'pin':
      await tx
        .update(pins)
        .set({ commentCount: sql`${pins.commentCount} + ${delta}` })
        .where(eq(pins.id, id));
      await refreshPinHotScore(tx, id);
      return;
    case 'repo':
      await tx
        .update(repos)
        .set({ commentCount: sql`${repos.commentCount} + ${delta}` })
        .where(eq(repos.id, id));
      return;
    case 'section':
      await tx
        .update(bookletSections)
        .set({ commentCount: sql`${bookletSections.commentCount} + ${delta}` })
        .where(eq(bookletSections.id, id));
      return;
  }
}

/**
 * Adds or removes a like; the counter and hot score move only when a row did. Returns the new
 * like count, or null when nothing changed.
 */
export async function toggleCommentLike(tx: Tx, userId: string, commentId: string, like: boolean) {
  const changed = like
    ? await tx
        .insert(commentLikes)
        .values({ userId, commentId })
        .onConflictDoNothing()
        .returning({ id: commentLikes.commentId })
    : await tx
        .delete(commentLikes)
        .where(and(eq(commentLikes.userId, userId), eq(commentLikes.commentId, commentId)))
        .returning({ id: commentLikes.commentId });
  if (changed.length === 0) return null;
  const [after] = await tx
    .update(comments)
    .set({ likeCount: sql`${comments.likeCount} + ${like ? 1 : -1}` })
    .where(eq(comments.id, commentId))
    .returning({ likeCount: comments.likeCount });
  await refreshCommentHotScore(tx, commentId);
  return after?.likeCount ?? 0;
}

export async function moveSubCommentCount(tx: Tx, parentId: string, delta: 1 | -1) {
  await tx
    .update(comments)
    .set({ subCommentCount: sql`${comments.subCommentCount} + ${delta}` })
    .where(eq(comments.id, parentId));
  await refreshCommentHotScore(tx, parentId);
}

/** Live comments a user has on an entry (users.commented_entries_count counts entries with at least one). */
export async function countUserEntryComments(tx: Tx, userId: string, entryId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(comments)
    .where(
      and(
        eq(comments.userId, userId),
        eq(comments.targetType, 'entry'),
        eq(comments.targetId, entryId),
        eq(comments.deleted, false),
      ),
    );
  return row?.n ?? 0;
}

export async function moveCommentedEntriesCount(tx: Tx, userId: string, delta: 1 | -1) {
  await tx
    .update(users)
    .set({ commentedEntriesCount: sql`${users.commentedEntriesCount} + ${delta}` })
    .where(eq(users.id, userId));
}

/** Recomputes a comment's hot score (db/ranking.ts) after its like or reply count moved. */
export async function refreshCommentHotScore(tx: Tx, commentId: string) {
  await tx.update(comments).set({ hotScore: commentHotScore }).where(eq(comments.id, commentId));
}
