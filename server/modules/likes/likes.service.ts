import type { Ctx } from '../../http/context.ts';
import { INVALID_ID_MESSAGE } from '@core/inputs.ts';
/**
 * Entry likes (SPEC §7.3 like service). A like and everything it moves — the entry's like count
 * and hot score, the liker's liked-entries counter, the author's be-liked counter and the
 * author's notification — land in one transaction, and only when a row really changed, so
 * repeated or concurrent calls keep every counter equal to the rows it counts. The entry's row
 * is locked first, then both people's rows in id order (lockUsers), so two people liking each
 * other's entries at once wait for each other instead of deadlocking.
 */
import { PAGE_SIZE } from '@core/constants.ts';
import { isValidId } from '@core/ids.ts';
import { nextPointer, readPointer } from '../../http/cursor.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireViewer, type Viewer } from '../auth/auth.policy.ts';
import { getEntriesByIds, rescoreEntry } from '../entries/entries.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { withIsFollow } from '../follows/follows.service.ts';
import * as queries from './likes.queries.ts';
import { lockUsers } from '../users/users.service.ts';
import { publishChange } from '../../adapters/changes.ts';

export interface LikeState {
  like: boolean;
  likeCount: number;
}

function checkId(id: string) {
  if (!isValidId(id)) throw badRequest(INVALID_ID_MESSAGE);
}

export async function likeEntry(ctx: Pick<Ctx, 'db' | 'viewer'>, entryId: string): Promise<LikeState> {
  const viewer = requireViewer(ctx.viewer);
  checkId(entryId);
  const state = await ctx.db.transaction(async (tx): Promise<LikeState> => {
    const entry = await queries.selectEntryAuthor(tx, entryId);
    if (!entry) throw notFound('此文章不存在');
    if (!(await queries.insertLike(tx, viewer.id, entryId))) {
      const state = await queries.selectEntryLikeCount(tx, entryId);
      return { like: true, likeCount: state ?? 0 };
    }
    await queries.addEntryLikeCount(tx, entryId, 1);
    const likeCount = (await rescoreEntry({ db: tx }, entryId))?.likeCount ?? 0;
    await lockUsers({ db: tx }, [viewer.id, entry.userId]);
    await queries.addUserLikeCounters(tx, {
      likerId: viewer.id,
      authorId: entry.userId,
      delta: 1,
      hidden: Boolean(entry.hiddenAt),
    });
    if (entry.userId)
      await notify({ db: tx }, { type: 'like_entry', actorId: viewer.id, recipientId: entry.userId, entryId });
    return { like: true, likeCount };
  });
  await publishChange(ctx.db, { kind: 'content', what: 'like', userId: viewer.id, id: entryId });
  return state;
}

export async function unlikeEntry(ctx: Pick<Ctx, 'db' | 'viewer'>, entryId: string): Promise<LikeState> {
  const viewer = requireViewer(ctx.viewer);
  checkId(entryId);
  const state = await ctx.db.transaction(async (tx): Promise<LikeState> => {
    const entry = await queries.selectEntryAuthor(tx, entryId);
    if (!entry) throw notFound('此文章不存在');
    if (!(await queries.deleteLike(tx, viewer.id, entryId))) {
      const state = await queries.selectEntryLikeCount(tx, entryId);
      return { like: false, likeCount: state ?? 0 };
    }
    await queries.addEntryLikeCount(tx, entryId, -1);
    const likeCount = (await rescoreEntry({ db: tx }, entryId))?.likeCount ?? 0;
    await lockUsers({ db: tx }, [viewer.id, entry.userId]);
    await queries.addUserLikeCounters(tx, {
      likerId: viewer.id,
      authorId: entry.userId,
      delta: -1,
      hidden: Boolean(entry.hiddenAt),
    });
    return { like: false, likeCount };
  });
  await publishChange(ctx.db, { kind: 'content', what: 'like', userId: viewer.id, id: entryId });
  return state;
}

/** GET /user/like/entry/{id}: whether the viewer likes the entry. */
export async function getLikeState(ctx: Pick<Ctx, 'db' | 'viewer'>, entryId: string): Promise<LikeState> {
  const viewer = requireViewer(ctx.viewer);
  checkId(entryId);
  const state = await queries.selectLikeState(ctx.db, viewer.id, entryId);
  if (!state) throw notFound('此文章不存在');
  return { like: state.liked, likeCount: state.likeCount };
}

/** GET /user/{id}/like/entry: the entries a user liked, newest like first, keyset by `before`. */
export async function listLikedEntries(
  ctx: Pick<Ctx, 'db'>,
  options: { userId: string; before?: string; limit?: number; viewer: Viewer | null },
) {
  const { db } = ctx;
  checkId(options.userId);
  const limit = options.limit ?? PAGE_SIZE.feed;
  const cursor = readPointer(options.before);
  const total = await queries.selectUserLikedCount(db, options.userId);
  if (total === null) throw notFound('此用户不存在');
  const likes = await queries.selectUserLikes(db, {
    userId: options.userId,
    cursor,
    limit,
  });
  const entrylist = await getEntriesByIds({ db, viewer: options.viewer }, { ids: likes.map((l) => l.entryId) });
  return { total, entrylist, pointer: nextPointer(likes, limit, (like) => [like.createdAt, like.entryId]) };
}

/** GET /entry/{id}/user: the likers of an entry, zero-based pages; each carries isFollow for the viewer. */
export async function listEntryLikers(
  ctx: Pick<Ctx, 'db'>,
  options: { entryId: string; page: number; pageSize?: number; viewer: Viewer | null },
) {
  const { db } = ctx;
  checkId(options.entryId);
  const pageSize = options.pageSize ?? PAGE_SIZE.likers;
  const total = await queries.selectEntryLikeCount(db, options.entryId);
  if (total === null) throw notFound('此文章不存在');
  const rows = await queries.selectEntryLikers(db, { entryId: options.entryId, page: options.page, pageSize });
  const userList = await withIsFollow(
    { db, viewer: options.viewer },
    rows.map(({ likedAt, ...user }) => ({ ...user, likedAt: likedAt.toISOString() })),
  );
  return { total, page: options.page, pageSize, userList };
}
