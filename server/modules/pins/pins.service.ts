import { LIMITS, PAGE_SIZE } from '@core/constants.ts';
import { isAuthorOrAdmin } from '@core/permissions.ts';
import { PIN_MESSAGES } from '@core/validation.ts';
import { newId } from '@core/ids.ts';
import type { Db } from '@db/client.ts';
import type { Ctx, TxCtx } from '../../http/context.ts';
import { nextPointer, readPointer } from '../../http/cursor.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { requireViewer, type Viewer } from '../auth/auth.policy.ts';
import { deleteTargetComments } from '../comments/comments.service.ts';
import { checkOwnImages } from '../uploads/uploads.service.ts';
import { enforceNewAccountLimits } from '../trust/trust.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { PLACEHOLDER_USER, type UserBrief, getUserBriefs, lockUsers } from '../users/users.service.ts';
import * as queries from './pins.queries.ts';
import { publishChange } from '../../adapters/changes.ts';
import { canDelete } from './pins.policy.ts';

export const PIN_NOT_FOUND = '沸点不存在';

export interface PinView {
  id: string;
  user: UserBrief;
  content: string;
  imageUrlList: string[];
  liked: boolean;
  likeCount: number;
  commentCount: number;
  createdAt: string;
  updatedAt: string;
}

async function hydrate(db: Db, rows: queries.PinRow[], viewer: Viewer | null): Promise<PinView[]> {
  const [briefs, liked] = await Promise.all([
    getUserBriefs({ db }, [...new Set(rows.map((r) => r.userId).filter((id): id is string => Boolean(id)))]),
    viewer
      ? queries.selectLikedPinIds(
          db,
          viewer.id,
          rows.map((r) => r.id),
        )
      : Promise.resolve(new Set<string>()),
  ]);
  const byId = new Map(briefs.map((u) => [u.id, u]));
  return rows.map((row) => ({
    id: row.id,
    user: (row.userId && byId.get(row.userId)) || PLACEHOLDER_USER,
    content: row.content,
    imageUrlList: row.imageUrlList,
    liked: liked.has(row.id),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Publishes a pin; a new account's pins are limited (enforceNewAccountLimits, docs/trust-levels.md) whoever calls. */
export async function publishPin(
  ctx: Pick<Ctx, 'db' | 'viewer' | 'env' | 'adapters'>,
  input: { content: string; picList?: string[] },
) {
  const { db } = ctx;
  const author = requireViewer(ctx.viewer);
  const content = input.content.trim();
  if (!content) throw badRequest(PIN_MESSAGES.empty);
  if (Array.from(content).length > LIMITS.pinMaxChars) throw badRequest(PIN_MESSAGES.tooLong);
  await enforceNewAccountLimits(ctx, { action: 'pin', content });
  const images = input.picList ?? [];
  await checkOwnImages({ db }, { userId: author.id, urls: images, max: LIMITS.pinMaxImages });
  const id = newId();
  await db.transaction((tx) => queries.insertPin(tx, { id, userId: author.id, content, imageUrlList: images }));
  await publishChange(db, { kind: 'content', what: 'pin', userId: author.id, id });
  return getPin(ctx, id);
}

/**
 * Hiding (-1) or restoring (+1) a pin, in the moderation transaction that changes hidden_at (the
 * pin row already locked): its author's pin count counts visible pins only.
 */
export async function movePinVisibility(ctx: TxCtx, { pinId, delta }: { pinId: string; delta: 1 | -1 }): Promise<void> {
  const { db: tx } = ctx;
  const row = await queries.selectPinAuthor(tx, pinId, { lock: true });
  if (!row?.userId) return;
  await lockUsers({ db: tx }, [row.userId]);
  await queries.addAuthorPinCount(tx, row.userId, delta);
}

/** The author or an admin; its comments go with it. */
export async function deletePin(ctx: Pick<Ctx, 'db' | 'viewer'>, pinId: string) {
  const { db } = ctx;
  const signedIn = requireViewer(ctx.viewer);
  await db.transaction(async (tx) => {
    const row = await queries.selectPinAuthor(tx, pinId, { lock: true });
    if (!row) throw notFound(PIN_NOT_FOUND);
    if (!canDelete(signedIn, row)) throw forbidden();
    await deleteTargetComments({ db: tx }, { targetType: 'pin', targetId: pinId });
    await queries.deletePinRow(tx, pinId, row.userId);
  });
  await publishChange(db, { kind: 'content', what: 'pin', userId: signedIn.id, id: pinId });
  return { msgId: pinId };
}

export async function getPin(ctx: Pick<Ctx, 'db' | 'viewer'>, id: string): Promise<PinView> {
  const { db, viewer } = ctx;
  const rows = await queries.selectPinsByIds(db, [id]);
  if (rows.length === 0) throw notFound(PIN_NOT_FOUND);
  // Hidden by a moderator: only its author and administrators still read it.
  if (rows[0].hiddenAt && !isAuthorOrAdmin(viewer, rows[0].userId)) throw notFound(PIN_NOT_FOUND);
  const [pin] = await hydrate(db, rows, viewer);
  return pin;
}

export async function listPins(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  options: { sort: queries.PinSort; before?: string; limit?: number; userId?: string },
) {
  const { db, viewer } = ctx;
  if (options.sort === 'following') requireViewer(viewer);
  const cursor = readPointer(options.before);
  const limit = options.limit ?? PAGE_SIZE.feed;
  const rows = await queries.selectPinPage(db, {
    sort: options.sort,
    viewerId: viewer?.id ?? null,
    userId: options.userId,
    cursor,
    limit,
  });
  return {
    pins: await hydrate(db, rows, viewer),
    pointer: nextPointer(rows, limit, (row) => [options.sort === 'hot' ? row.hotScore : row.createdAt, row.id]),
  };
}

/** /like and /unlike with msgId: the like row, like_count and the notification move together. */
export async function setPinLike(ctx: Pick<Ctx, 'db' | 'viewer'>, { pinId, like }: { pinId: string; like: boolean }) {
  const { db } = ctx;
  const signedIn = requireViewer(ctx.viewer);
  const state = await db.transaction(async (tx) => {
    const row = await queries.selectPinAuthor(tx, pinId);
    if (!row) throw notFound(PIN_NOT_FOUND);
    const changed = await queries.togglePinLike(tx, signedIn.id, pinId, like);
    if (changed && like && row.userId) {
      await notify({ db: tx }, { type: 'like_pin', actorId: signedIn.id, recipientId: row.userId, pinId });
    }
    return { liked: like, likeCount: (await queries.selectPinLikeCount(tx, pinId)) ?? 0 };
  });
  await publishChange(db, { kind: 'content', what: 'like', userId: signedIn.id, id: pinId });
  return state;
}

/** Pins by id in the order asked; unknown ids are left out. */
export async function getPinsByIds(ctx: Pick<Ctx, 'db' | 'viewer'>, ids: string[]): Promise<PinView[]> {
  const { db, viewer } = ctx;
  const rows = (await queries.selectPinsByIds(db, ids)).filter((row) => !row.hiddenAt);
  const views = new Map((await hydrate(db, rows, viewer)).map((p) => [p.id, p]));
  return ids.map((id) => views.get(id)).filter((p): p is PinView => p !== undefined);
}
