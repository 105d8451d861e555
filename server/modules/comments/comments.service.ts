import { LIMITS, PAGE_SIZE } from '@core/constants.ts';
import { isAuthorOrAdmin } from '@core/permissions.ts';
import { COMMENT_MESSAGES } from '@core/validation.ts';
import { newId } from '@core/ids.ts';
import type { Db } from '@db/client.ts';
import type { CommentTargetType } from '@db/schema/social.ts';
import type { Ctx, TxCtx } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireViewer, type Viewer } from '../auth/auth.policy.ts';
import { type NotificationEvent, notify } from '../notifications/notifications.service.ts';
import { PLACEHOLDER_USER, type UserBrief, getUserBriefs, lockUsers } from '../users/users.service.ts';
import { forbidden } from '../../http/errors.ts';
import { checkOwnImages } from '../uploads/uploads.service.ts';
import { enforceNewAccountLimits } from '../trust/trust.service.ts';
import { rescoreEntry } from '../entries/entries.service.ts';
import * as queries from './comments.queries.ts';
import { publishChange } from '../../adapters/changes.ts';
import { canDelete } from './comments.policy.ts';

/** SPEC §2.3 / §4: the text a deleted comment leaves in its thread. */
export const DELETED_COMMENT_TEXT = '此评论已删除';
/** What others read in place of a comment a moderator hid; its author reads it with the reason. */
export const HIDDEN_COMMENT_TEXT = '此评论已被隐藏';
/** Replies shown under each first-level comment before 查看更多. */
export const TOP_SUB_COMMENTS = 2;

export interface CommentView {
  id: string;
  targetType: CommentTargetType;
  targetId: string;
  user: UserBrief;
  content: string;
  imageUrlList: string[];
  liked: boolean;
  likeCount: number;
  subCommentCount: number;
  replyUser: UserBrief | null;
  replyCommentId: string | null;
  parentId: string | null;
  deleted: boolean;
  /** Hidden by a moderator (not deleted): others read HIDDEN_COMMENT_TEXT in its place, without 举报. */
  hidden: boolean;
  /** Hidden by a moderator: the reason, for its author and administrators (others read HIDDEN_COMMENT_TEXT). */
  hiddenReason: string | null;
  topSubCommentList: CommentView[];
  createdAt: string;
  updatedAt: string;
}

/** Rows → the Comment shape of SPEC §3 with authors, reply targets and the viewer's likes. */
async function hydrate(db: Db, rows: queries.CommentRow[], viewer: Viewer | null, replies: queries.CommentRow[] = []) {
  const all = [...rows, ...replies];
  const userIds = new Set<string>();
  for (const row of all) {
    if (row.userId) userIds.add(row.userId);
    if (row.replyUserId) userIds.add(row.replyUserId);
  }
  const [briefs, liked] = await Promise.all([
    getUserBriefs({ db }, [...userIds]),
    viewer
      ? queries.selectLikedCommentIds(
          db,
          viewer.id,
          all.map((r) => r.id),
        )
      : Promise.resolve(new Set<string>()),
  ]);
  const userById = new Map(briefs.map((u) => [u.id, u]));
  const masked = (row: queries.CommentRow) => Boolean(row.hiddenAt) && !isAuthorOrAdmin(viewer, row.userId);
  const view = (row: queries.CommentRow, sub: CommentView[] = []): CommentView => ({
    id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    user: row.deleted || !row.userId ? PLACEHOLDER_USER : (userById.get(row.userId) ?? PLACEHOLDER_USER),
    content: row.deleted ? DELETED_COMMENT_TEXT : masked(row) ? HIDDEN_COMMENT_TEXT : row.content,
    imageUrlList: row.deleted || masked(row) ? [] : row.imageUrlList,
    hidden: Boolean(row.hiddenAt) && !row.deleted,
    hiddenReason: row.hiddenAt && !row.deleted && !masked(row) ? row.hiddenReason : null,
    liked: liked.has(row.id),
    likeCount: row.likeCount,
    subCommentCount: row.subCommentCount,
    replyUser: row.replyUserId ? (userById.get(row.replyUserId) ?? PLACEHOLDER_USER) : null,
    replyCommentId: row.replyCommentId,
    parentId: row.parentId,
    deleted: row.deleted,
    topSubCommentList: sub,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
  const repliesByParent = new Map<string, CommentView[]>();
  for (const reply of replies) {
    const list = repliesByParent.get(reply.parentId ?? '') ?? [];
    list.push(view(reply));
    repliesByParent.set(reply.parentId ?? '', list);
  }
  for (const list of repliesByParent.values()) list.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return rows.map((row) => view(row, repliesByParent.get(row.id) ?? []));
}

export interface CreateCommentInput {
  content: string;
  picList?: string[];
  respUser?: string;
  targetId: string;
  targetType: CommentTargetType;
  firstComment?: string;
  respComment?: string;
}

/**
 * Submits a comment or a reply (SPEC §3 Comment): the target's counters, the parent's reply
 * count and the notification move in the same transaction as the insert. A new account's
 * comments are limited (enforceNewAccountLimits, docs/trust-levels.md) whoever calls.
 */
export async function createComment(ctx: Pick<Ctx, 'db' | 'viewer' | 'env' | 'adapters'>, input: CreateCommentInput) {
  const { db } = ctx;
  const author = requireViewer(ctx.viewer);
  const content = input.content.trim();
  if (!content) throw badRequest(COMMENT_MESSAGES.empty);
  if (Array.from(content).length > LIMITS.commentMaxChars) throw badRequest(COMMENT_MESSAGES.tooLong);
  await enforceNewAccountLimits(ctx, { action: 'comment', content });
  const images = input.picList ?? [];
  await checkOwnImages({ db }, { userId: author.id, urls: images, max: LIMITS.commentMaxImages });
  const isReply = Boolean(input.firstComment || input.respComment);

  const id = await db.transaction(async (tx) => {
    const target = await queries.lockTarget(tx, input.targetType, input.targetId);
    if (!target.exists) throw notFound('评论对象不存在');
    let parentId: string | null = null;
    let replyCommentId: string | null = null;
    let replyUserId: string | null = null;
    if (isReply) {
      const firstId = input.firstComment ?? input.respComment ?? '';
      const [first] = await queries.selectCommentsByIds(tx, [firstId]);
      if (!first || first.targetType !== input.targetType || first.targetId !== input.targetId) {
        throw notFound('评论不存在');
      }
      if (first.parentId) throw badRequest('firstComment 必须是一级评论');
      const respId = input.respComment ?? first.id;
      const [resp] = respId === first.id ? [first] : await queries.selectCommentsByIds(tx, [respId]);
      if (!resp || (resp.id !== first.id && resp.parentId !== first.id)) throw notFound('评论不存在');
      if (resp.deleted && resp.id !== first.id) throw notFound('评论不存在');
      parentId = first.id;
      replyCommentId = resp.id;
      replyUserId = resp.userId;
      if (input.respUser && replyUserId && input.respUser !== replyUserId) throw badRequest('回复对象不一致');
    }
    const commentId = newId();
    await queries.insertComment(tx, {
      id: commentId,
      targetType: input.targetType,
      targetId: input.targetId,
      userId: author.id,
      content,
      imageUrlList: images,
      parentId,
      replyCommentId,
      replyUserId,
    });
    await queries.moveTargetCommentCount(tx, input.targetType, input.targetId, 1);
    if (input.targetType === 'entry') await rescoreEntry({ db: tx }, input.targetId);
    if (parentId) await queries.moveSubCommentCount(tx, parentId, 1);
    // Content rows above; now every person whose row changes, in id order (lockUsers).
    await lockUsers({ db: tx }, [author.id, replyUserId, target.ownerId]);
    if (input.targetType === 'entry' && (await queries.countUserEntryComments(tx, author.id, input.targetId)) === 1) {
      await queries.moveCommentedEntriesCount(tx, author.id, 1);
    }
    const where = targetRef(input.targetType, input.targetId);
    if (replyUserId) {
      await notify(
        { db: tx },
        {
          type: 'reply',
          actorId: author.id,
          recipientId: replyUserId,
          ...where,
          commentId: parentId ?? undefined,
          replyId: commentId,
        },
      );
    }
    if (
      target.ownerId &&
      target.ownerId !== replyUserId &&
      (input.targetType === 'entry' || input.targetType === 'pin')
    ) {
      await notify(
        { db: tx },
        {
          type: input.targetType === 'entry' ? 'comment_entry' : 'comment_pin',
          actorId: author.id,
          recipientId: target.ownerId,
          ...where,
          commentId,
        },
      );
    }
    return commentId;
  });
  await publishChange(db, { kind: 'content', what: 'comment', userId: author.id, id });
  const [comment] = await getCommentsByIds({ db, viewer: author }, [id]);
  return { commentId: id, comment };
}

function targetRef(type: CommentTargetType, id: string): Pick<NotificationEvent, 'entryId' | 'pinId' | 'repoId'> {
  if (type === 'entry') return { entryId: id };
  if (type === 'pin') return { pinId: id };
  if (type === 'repo') return { repoId: id };
  return {};
}

/** GET /comments: comments by id in the order asked; unknown ids are left out. */
export async function getCommentsByIds(ctx: Pick<Ctx, 'db' | 'viewer'>, ids: string[]) {
  const { db, viewer } = ctx;
  const rows = await queries.selectCommentsByIds(db, ids);
  const views = new Map((await hydrate(db, rows, viewer)).map((c) => [c.id, c]));
  return ids.map((id) => views.get(id)).filter((c): c is CommentView => c !== undefined);
}

export interface ListCommentsInput {
  targetType: CommentTargetType;
  targetId: string;
  rankType: 'new' | 'hot';
  /** new: the oldest createdAt loaded (and its id as tie-breaker). */
  createdAt?: string;
  lastId?: string;
  /** hot: 1-based page number. */
  pageNum?: number;
  pageSize?: number;
}

/**
 * First-level comments of a target with their top replies (SPEC §4): new uses the oldest
 * createdAt loaded as cursor, hot uses page numbers. `count` is the target's comment count.
 */
export async function listComments(ctx: Pick<Ctx, 'db' | 'viewer'>, input: ListCommentsInput) {
  const { db, viewer } = ctx;
  const count = await queries.selectTargetCommentCount(db, input.targetType, input.targetId);
  if (count === null) throw notFound('评论对象不存在');
  const pageSize = input.pageSize ?? PAGE_SIZE.comments;
  const pageNum = input.pageNum ?? 1;
  let before: { createdAt: Date; id: string | null } | undefined;
  if (input.rankType === 'new' && input.createdAt) {
    const at = new Date(/^\d+$/.test(input.createdAt) ? Number(input.createdAt) : input.createdAt);
    if (Number.isNaN(at.getTime())) throw badRequest('invalid createdAt');
    before = { createdAt: at, id: input.lastId ?? null };
  }
  const rows = await queries.selectTopLevelPage(db, {
    targetType: input.targetType,
    targetId: input.targetId,
    viewerId: viewer?.id ?? null,
    limit: pageSize,
    rank: input.rankType,
    before,
    offset: input.rankType === 'hot' ? (pageNum - 1) * pageSize : 0,
  });
  const replies = await queries.selectTopReplies(
    db,
    rows.filter((r) => r.subCommentCount > 0).map((r) => r.id),
    TOP_SUB_COMMENTS,
    viewer?.id ?? null,
  );
  const list = await hydrate(db, rows, viewer, replies);
  const last = rows.at(-1);
  return {
    count,
    comments: list,
    rankType: input.rankType,
    pageNum: input.rankType === 'hot' ? pageNum : null,
    /** new: pass back as createdAt (with lastId) for the next page. */
    createdAt: last ? last.createdAt.toISOString() : null,
    lastId: last?.id ?? null,
    hasMore: rows.length === pageSize,
  };
}

/** One first-level comment with a page of its replies (the rest on demand). */
export async function getCommentThread(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { targetType?: CommentTargetType; targetId?: string; commentId: string; pageNum?: number; pageSize?: number },
) {
  const { db, viewer } = ctx;
  const [row] = await queries.selectCommentsByIds(db, [input.commentId]);
  if (!row || (row.deleted && row.subCommentCount === 0)) throw notFound('评论不存在');
  if (input.targetType && (row.targetType !== input.targetType || row.targetId !== input.targetId)) {
    throw notFound('评论不存在');
  }
  const first = row.parentId ? (await queries.selectCommentsByIds(db, [row.parentId]))[0] : row;
  if (!first) throw notFound('评论不存在');
  const pageSize = input.pageSize ?? PAGE_SIZE.comments;
  const pageNum = input.pageNum ?? 1;
  const replies = await queries.selectReplyPage(db, {
    parentId: first.id,
    viewerId: viewer?.id ?? null,
    limit: pageSize,
    offset: (pageNum - 1) * pageSize,
  });
  const [comment] = await hydrate(db, [first], viewer, replies);
  return { comment, replies: comment.topSubCommentList, pageNum, hasMore: replies.length === pageSize };
}

/**
 * Deletes a comment (author or admin). It is kept, marked deleted, so replies under it stay
 * in place under 此评论已删除; the counters drop in the same transaction.
 */
export async function deleteComment(ctx: Pick<Ctx, 'db' | 'viewer'>, commentId: string) {
  const { db } = ctx;
  const signedIn = requireViewer(ctx.viewer);
  await db.transaction(async (tx) => {
    const [peek] = await queries.selectCommentsByIds(tx, [commentId]);
    if (!peek || peek.deleted) throw notFound('评论不存在');
    if (!canDelete(signedIn, peek)) throw forbidden();
    // Target first, then the comment: the same lock order as createComment.
    await queries.lockTarget(tx, peek.targetType, peek.targetId);
    const row = await queries.selectCommentForUpdate(tx, commentId);
    if (!row || row.deleted) throw notFound('评论不存在');
    await queries.markCommentDeleted(tx, commentId);
    await queries.moveTargetCommentCount(tx, row.targetType, row.targetId, -1);
    if (row.targetType === 'entry') await rescoreEntry({ db: tx }, row.targetId);
    if (row.parentId) await queries.moveSubCommentCount(tx, row.parentId, -1);
    if (
      row.targetType === 'entry' &&
      row.userId &&
      (await queries.countUserEntryComments(tx, row.userId, row.targetId)) === 0
    ) {
      await queries.moveCommentedEntriesCount(tx, row.userId, -1);
    }
  });
  await publishChange(db, { kind: 'content', what: 'comment', userId: signedIn.id, id: commentId });
  return { commentId };
}

/** Like (PUT) or unlike (DELETE) a comment: the like row and like_count move together. */
export async function setCommentLike(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  { commentId, like }: { commentId: string; like: boolean },
) {
  const { db } = ctx;
  const signedIn = requireViewer(ctx.viewer);
  const state = await db.transaction(async (tx) => {
    const [row] = await queries.selectCommentsByIds(tx, [commentId]);
    if (!row || row.deleted) throw notFound('评论不存在');
    const likeCount = await queries.toggleCommentLike(tx, signedIn.id, commentId, like);
    if (likeCount === null) return { liked: like, likeCount: row.likeCount };
    if (like && row.userId) {
      await notify({ db: tx }, { type: 'like_comment', actorId: signedIn.id, recipientId: row.userId, commentId });
    }
    return { liked: like, likeCount };
  });
  await publishChange(db, { kind: 'content', what: 'like', userId: signedIn.id, id: commentId });
  return state;
}

/** Removes every comment of a thing that is being deleted (a pin), in the caller's transaction. */
export async function deleteTargetComments(
  ctx: TxCtx,
  { targetType, targetId }: { targetType: CommentTargetType; targetId: string },
) {
  await queries.deleteCommentsOfTarget(ctx.db, targetType, targetId);
}
