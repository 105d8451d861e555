import type { Ctx } from '../../http/context.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { nextPointer, readPointer } from '../../http/cursor.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { canActFor, requireViewer, type Viewer } from '../auth/auth.policy.ts';
import { notify } from '../notifications/notifications.service.ts';
import { DEFAULT_SUGGEST_CATEGORY, getCategoryIndex } from '../tags/tags.service.ts';
import { userExists, lockUsers } from '../users/users.service.ts';
import type { users } from '@db/schema/users.ts';
import * as queries from './follows.queries.ts';

export type FollowUser = Awaited<ReturnType<typeof queries.selectFollowUsers>>[number] & { isFollow: boolean };

/** SPEC §8: follow answers 3 (forbidden) for anyone acting as somebody else. */
function requireSelf(viewer: Viewer | null, follower: string): Viewer {
  const signedIn = requireViewer(viewer);
  if (!canActFor(signedIn, follower)) throw forbidden('Forbidden');
  return signedIn;
}

/**
 * /follow (followee may hold several ids joined by a bar, SPEC §7.2): each new follow row moves
 * the follower's followingCount and the followee's followerCount, notifies the followee and
 * queues the follower mail (sent by the job runner if the followee subscribes), all in one
 * transaction. Following someone already followed changes nothing.
 */
export async function followUsers(
  ctx: Pick<Ctx, 'db' | 'viewer'> & { adapters: { jobs: JobQueue } },
  input: { follower: string; followees: string[] },
) {
  const { db, viewer } = ctx;
  const { jobs } = ctx.adapters;
  requireSelf(viewer, input.follower);
  const followees = input.followees.filter((id) => id !== input.follower);
  if (followees.length === 0) throw badRequest('不能关注自己');
  return db.transaction(async (tx) => {
    const found = await lockUsers({ db: tx }, [input.follower, ...followees]);
    if (!found.has(input.follower) || !followees.every((id) => found.has(id))) throw notFound('此用户不存在');
    const added: string[] = [];
    for (const followee of followees) {
      if (await queries.insertFollow(tx, input.follower, followee)) {
        added.push(followee);
        await notify({ db: tx }, { type: 'follow', actorId: input.follower, recipientId: followee });
        await jobs.enqueue(tx, 'mail-follow', { followerId: input.follower, followeeId: followee });
      }
    }
    const followingCount = await queries.selectFollowingCount(tx, input.follower);
    return { followed: true, added, followingCount };
  });
}

export async function unfollowUsers(ctx: Pick<Ctx, 'db' | 'viewer'>, input: { follower: string; followees: string[] }) {
  const { db, viewer } = ctx;
  requireSelf(viewer, input.follower);
  return db.transaction(async (tx) => {
    const found = await lockUsers({ db: tx }, [input.follower, ...input.followees]);
    if (!found.has(input.follower) || !input.followees.every((id) => found.has(id))) throw notFound('此用户不存在');
    const removed: string[] = [];
    for (const followee of input.followees) {
      if (await queries.deleteFollow(tx, input.follower, followee)) removed.push(followee);
    }
    const followingCount = await queries.selectFollowingCount(tx, input.follower);
    return { followed: false, removed, followingCount };
  });
}

/** { [targetUid]: followed } for the viewer; visitors follow nobody. */
export async function isFollowed(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { currentUid?: string; targetUids: string[] },
) {
  const { db, viewer } = ctx;
  if (input.currentUid && !canActFor(viewer, input.currentUid)) throw forbidden('Forbidden');
  const followerId = input.currentUid ?? viewer?.id;
  const followed = followerId ? await queries.selectFollowedAmong(db, followerId, input.targetUids) : new Set();
  return Object.fromEntries(input.targetUids.map((id) => [id, followed.has(id)]));
}

/** People rows with `isFollow`: whether the viewer follows each (visitors follow nobody). */
export async function withIsFollow<T extends { id: string }>(ctx: Pick<Ctx, 'db' | 'viewer'>, rows: T[]) {
  const { db, viewer } = ctx;
  const followed = viewer
    ? await queries.selectFollowedAmong(
        db,
        viewer.id,
        rows.map((r) => r.id),
      )
    : new Set<string>();
  return rows.map((row) => ({ ...row, isFollow: followed.has(row.id) }));
}

/** /getUserFollowerList and /getUserFolloweeList: newest follow first, `before` cursor. */
export async function listFollows(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { uid: string; direction: 'followers' | 'followees'; before?: string; limit?: number },
) {
  const { db, viewer } = ctx;
  if (!(await userExists({ db }, input.uid))) throw notFound('此用户不存在');
  const cursor = readPointer(input.before);
  const limit = input.limit ?? PAGE_SIZE.users;
  const rows = await queries.selectFollowPage(db, { uid: input.uid, direction: input.direction, cursor, limit });
  const list = await withIsFollow(
    { db, viewer },
    rows.map(({ followedAt: _at, ...user }) => user),
  );
  return { list, pointer: nextPointer(rows, limit, (row) => [row.followedAt, row.id]) };
}

export async function getFollowInfo(ctx: Pick<Ctx, 'db'>, uid: string) {
  const { db } = ctx;
  const row = await queries.selectFollowCounts(db, uid);
  if (!row) throw notFound('此用户不存在');
  return row;
}

/** Stored columns /get_multi_user may be asked for (cols joined by a pipe); private fields are never given. */
export const MULTI_USER_COLUMNS = [
  'username',
  'avatarLarge',
  'role',
  'jobTitle',
  'company',
  'selfDescription',
  'blogAddress',
  'isXiaoceAuthor',
  'followerCount',
  'followingCount',
  'beLikedCount',
  'beReadCount',
  'postedPostsCount',
  'postedEntriesCount',
  'collectionCount',
  'subscribedTagCount',
  'wroteBookCount',
  'collectedEntriesCount',
  'commentedEntriesCount',
  'viewedEntriesCount',
  'totalHotIndex',
  'pinCount',
  'createdAt',
  'updatedAt',
] as const;

/**
 * The counters SPEC §3 names twice, and the ones made of two columns: alias → how to read it.
 * Purchases are private: boughtBookCount / purchasedBookletCount only for the person or an admin.
 */
const DERIVED_USER_FIELDS = {
  followersCount: (row) => row.followerCount,
  followeesCount: (row) => row.followingCount,
  totalCollectionsCount: (row) => row.collectionCount + row.followedCollectionCount,
  bookletCount: (row) => row.wroteBookCount,
} satisfies Record<string, (row: Record<string, number>) => number>;
const PRIVATE_USER_FIELDS = ['boughtBookCount', 'purchasedBookletCount'] as const;
/** What the derived fields read, selected whatever cols asks. */
const DERIVED_FROM = ['followerCount', 'followingCount', 'collectionCount', 'wroteBookCount'] as const;

/**
 * SPEC §7.2 /get_multi_user: the User fields of SPEC §3 for several people (cols narrows them),
 * with the derived flags `followed` and `self`.
 */
export async function getMultiUser(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  { ids, cols }: { ids: string[]; cols: string[] | null },
) {
  const { db, viewer } = ctx;
  const asked = (name: string) => !cols || cols.includes(name);
  const wanted = MULTI_USER_COLUMNS.filter(asked);
  const selected = [
    ...new Set([...wanted, ...DERIVED_FROM, 'followedCollectionCount', 'boughtBookCount'] as const),
  ] as (keyof typeof users.$inferSelect)[];
  const rows = await queries.selectUserColumns(db, ids, selected);
  const followed = viewer ? await queries.selectFollowedAmong(db, viewer.id, ids) : new Set<string>();
  return Object.fromEntries(
    rows.map((row) => {
      const value = row as unknown as Record<string, unknown>;
      const id = value.id as string;
      const out: Record<string, unknown> = { id };
      for (const name of wanted) {
        const v = value[name];
        out[name] = v instanceof Date ? v.toISOString() : v;
      }
      for (const [name, read] of Object.entries(DERIVED_USER_FIELDS)) {
        if (asked(name)) out[name] = read(value as Record<string, number>);
      }
      if (canActFor(viewer, id)) {
        for (const name of PRIVATE_USER_FIELDS) if (asked(name)) out[name] = value.boughtBookCount;
      }
      out.followed = followed.has(id);
      out.self = viewer?.id === id;
      return [id, out];
    }),
  );
}

/** SPEC §9: 4 random people per category; default category 产品 (product). */
export async function suggestByTag(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  { tag, limit = PAGE_SIZE.suggestedUsers }: { tag: string | undefined; limit?: number },
) {
  const { db, viewer } = ctx;
  const index = await getCategoryIndex({ db });
  const key = tag || DEFAULT_SUGGEST_CATEGORY;
  const category = index.byKey.get(key) ?? index.list.find((c) => c.title === key);
  if (!category) throw notFound('分类不存在');
  const candidates = await queries.selectCategoryAuthors(db, category.id, viewer?.id ?? null, 40);
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
  }
  const picked = candidates.slice(0, limit);
  const rows = await queries.selectFollowUsers(db, picked);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const list = await withIsFollow(
    { db, viewer },
    picked.map((id) => byId.get(id)).filter((r) => r !== undefined),
  );
  return { category: { name: category.name, title: category.title }, list };
}
