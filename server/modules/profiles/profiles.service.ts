import { PAGE_SIZE } from '@core/constants.ts';
import type { Ctx } from '../../http/context.ts';
import { nextPointer, readPointer } from '../../http/cursor.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { canActFor } from '../auth/auth.policy.ts';
import { type EntryView, getEntriesByIds } from '../entries/entries.service.ts';
import { getPinsByIds, type PinView } from '../pins/pins.service.ts';
import { type UserBrief, userExists, getUserBriefs } from '../users/users.service.ts';
import { isMuted } from '../mutes/mutes.service.ts';
import {
  type ActivityKind,
  selectActivityComments,
  selectActivityPage,
  selectAuthorEntryPage,
  selectBoughtBooklets,
  selectCreatedCollectionPage,
  selectFollowedCollectionPage,
  selectIsFollowing,
  selectProfileUser,
  selectPublishedBooklets,
  selectSubscribedTagPage,
} from './profiles.queries.ts';

export type { ActivityKind };

/** The profile header and stats sidebar (SPEC §2.3, DESIGN.md profile). Unknown users are 404. */
export async function getUserProfile(ctx: Pick<Ctx, 'db' | 'viewer'>, id: string) {
  const { db, viewer } = ctx;
  const row = await selectProfileUser(db, id);
  if (!row) throw notFound('此用户不存在');
  const self = viewer?.id === id;
  const [followed, muted] = await Promise.all([
    viewer && !self ? selectIsFollowing(db, viewer.id, id) : Promise.resolve(false),
    self ? Promise.resolve(false) : isMuted({ db, viewer }, { targetType: 'user', targetId: id }),
  ]);
  return {
    ...row,
    // Purchases are private: only the person (or an admin) sees the count.
    boughtBookCount: canActFor(viewer, id) ? row.boughtBookCount : 0,
    totalCollectionsCount: row.collectionCount + row.followedCollectionCount,
    createdAt: row.createdAt.toISOString(),
    followed,
    self,
    muted,
  };
}

export type UserProfile = Awaited<ReturnType<typeof getUserProfile>>;

interface PageInput {
  uid: string;
  before?: string;
  limit?: number;
}

/** The article tab (written: no original URL) or the share tab (shared links), newest first. */
export async function listUserEntries(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: PageInput & { kind: 'article' | 'share' },
) {
  const { db, viewer } = ctx;
  const cursor = readPointer(input.before);
  const limit = input.limit ?? PAGE_SIZE.feed;
  // Its author sees their hidden entries too, marked (visible moderation); others never.
  const own = viewer?.id === input.uid;
  const rows = await selectAuthorEntryPage(db, { uid: input.uid, kind: input.kind, cursor, limit, withHidden: own });
  return {
    entrylist: await getEntriesByIds({ db, viewer }, { ids: rows.map((r) => r.id), ownHidden: own }),
    pointer: nextPointer(rows, limit, (r) => [r.at, r.id]),
  };
}

/** The collection tab: collections the person created or follows (read from the collections tables). */
export async function listUserCollections(ctx: Pick<Ctx, 'db'>, input: PageInput & { kind: 'created' | 'followed' }) {
  const { db } = ctx;
  const cursor = readPointer(input.before);
  const limit = input.limit ?? PAGE_SIZE.feed;
  const page = { uid: input.uid, cursor, limit };
  const rows =
    input.kind === 'created'
      ? await selectCreatedCollectionPage(db, page)
      : await selectFollowedCollectionPage(db, page);
  const authors = await getUserBriefs({ db }, [...new Set(rows.map((r) => r.userId))]);
  const byId = new Map(authors.map((u) => [u.id, u]));
  return {
    collectionSets: rows.map(({ at: _at, userId, createdAt, ...c }) => ({
      ...c,
      author: byId.get(userId) ?? null,
      createdAt: createdAt.toISOString(),
    })),
    pointer: nextPointer(rows, limit, (r) => [r.at, r.id]),
  };
}

/** The tag tab: tags the person subscribes to, latest first. */
export async function listUserTags(ctx: Pick<Ctx, 'db'>, input: PageInput) {
  const { db } = ctx;
  const cursor = readPointer(input.before);
  const limit = input.limit ?? PAGE_SIZE.subscribedTags;
  const rows = await selectSubscribedTagPage(db, { uid: input.uid, cursor, limit });
  return {
    tagList: rows.map(({ at: _at, ...t }) => t),
    pointer: nextPointer(rows, limit, (r) => [r.at, r.id]),
  };
}

/** The book tab: an author's published booklets. */
export async function listUserBooks(ctx: Pick<Ctx, 'db'>, uid: string) {
  const rows = await selectPublishedBooklets(ctx.db, uid);
  return { books: rows.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })) };
}

/** The bought list (?type=bought): private to the person and admins. */
export async function listBoughtBooks(ctx: Pick<Ctx, 'db' | 'viewer'>, uid: string) {
  if (!canActFor(ctx.viewer, uid)) throw forbidden('Forbidden');
  const rows = await selectBoughtBooklets(ctx.db, uid);
  return { books: rows.map((b) => ({ ...b, boughtAt: b.boughtAt.toISOString() })) };
}

export interface ActivityItem {
  /** kind:id, unique within a person's log. */
  key: string;
  kind: ActivityKind;
  createdAt: string;
  entry: EntryView | null;
  pin: PinView | null;
  user: UserBrief | null;
  comment: { id: string; content: string } | null;
}

/**
 * /getUserLog (the activity tab): what the person published, liked, followed and commented,
 * newest first. Each source is one indexed range; the cursor is the time plus kind:id.
 */
export async function listUserLog(ctx: Pick<Ctx, 'db' | 'viewer'>, input: PageInput) {
  const { db, viewer } = ctx;
  if (!(await userExists({ db }, input.uid))) throw notFound('此用户不存在');
  const cursor = readPointer(input.before);
  const limit = input.limit ?? PAGE_SIZE.feed;
  const rows = await selectActivityPage(db, { uid: input.uid, cursor, limit, withHidden: viewer?.id === input.uid });
  const ids = (kind: ActivityKind) => rows.filter((r) => r.kind === kind).map((r) => r.target);
  const commentRows = await selectActivityComments(db, ids('comment'));
  const commentEntryIds = commentRows.filter((c) => c.targetType === 'entry').map((c) => c.targetId);
  const commentPinIds = commentRows.filter((c) => c.targetType === 'pin').map((c) => c.targetId);
  const [entryViews, pinViews, people] = await Promise.all([
    getEntriesByIds({ db, viewer }, { ids: [...new Set([...ids('entry'), ...ids('like'), ...commentEntryIds])] }),
    getPinsByIds({ db, viewer }, [...new Set([...ids('pin'), ...commentPinIds])]),
    getUserBriefs({ db }, ids('follow')),
  ]);
  const entryById = new Map(entryViews.map((e) => [e.id, e]));
  const pinById = new Map(pinViews.map((p) => [p.id, p]));
  const userById = new Map(people.map((u) => [u.id, u]));
  const commentById = new Map(commentRows.map((c) => [c.id, c]));
  const list: ActivityItem[] = rows.map((r) => {
    const comment = r.kind === 'comment' ? commentById.get(r.target) : undefined;
    const entryId =
      r.kind === 'entry' || r.kind === 'like' ? r.target : comment?.targetType === 'entry' ? comment.targetId : null;
    const pinId = r.kind === 'pin' ? r.target : comment?.targetType === 'pin' ? comment.targetId : null;
    return {
      key: r.key,
      kind: r.kind,
      createdAt: r.created_at,
      entry: entryId ? (entryById.get(entryId) ?? null) : null,
      pin: pinId ? (pinById.get(pinId) ?? null) : null,
      user: r.kind === 'follow' ? (userById.get(r.target) ?? null) : null,
      comment: comment ? { id: comment.id, content: comment.content } : null,
    };
  });
  return { list, pointer: nextPointer(rows, limit, (row) => [new Date(row.created_at), row.key]) };
}
