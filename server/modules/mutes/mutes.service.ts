import type { Ctx } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireViewer } from '../auth/auth.policy.ts';
import { tagExists } from '../tags/tags.service.ts';
import { getUserBriefs, userExists } from '../users/users.service.ts';
import * as queries from './mutes.queries.ts';
import { publishChange } from '../../adapters/changes.ts';

export type { MuteTargetType } from './mutes.queries.ts';
type MuteTargetType = queries.MuteTargetType;

/**
 * The conditions other modules' queries add so a muter's lists leave muted content out: by the
 * row's author, or (entries) by author and tag. Undefined for a signed-out viewer.
 */
export const authorNotMutedBy = queries.authorNotMutedBy;
export const entryNotMutedBy = queries.entryNotMutedBy;

/**
 * Muting (beyond the spec): the muted person's or tag's content leaves every list the muter
 * sees. Idempotent: muting twice keeps one row.
 */
export async function muteTarget(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { targetType: MuteTargetType; targetId: string },
) {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  if (input.targetType === 'user' && input.targetId === signedIn.id) throw badRequest('不能屏蔽自己');
  const exists =
    input.targetType === 'user' ? await userExists({ db }, input.targetId) : await tagExists({ db }, input.targetId);
  if (!exists) throw notFound(input.targetType === 'user' ? '此用户不存在' : '标签不存在');
  await queries.insertMute(db, signedIn.id, input.targetType, input.targetId);
  // Their cached sessions, in every process, learn that they mute now (Viewer.hasMutes).
  await publishChange(db, { kind: 'user', key: signedIn.id });
  return { muted: true, ...input };
}

export async function unmuteTarget(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { targetType: MuteTargetType; targetId: string },
) {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  await queries.deleteMute(db, signedIn.id, input.targetType, input.targetId);
  await publishChange(db, { kind: 'user', key: signedIn.id });
  return { muted: false, ...input };
}

/** The viewer's mutes, newest first, with the muted people and tags. */
export async function listMutes(ctx: Pick<Ctx, 'db' | 'viewer'>, targetType?: MuteTargetType) {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  const rows = await queries.selectMutes(db, signedIn.id, targetType);
  const userIds = rows.filter((r) => r.targetType === 'user').map((r) => r.targetId);
  const tagIds = rows.filter((r) => r.targetType === 'tag').map((r) => r.targetId);
  const [people, tagRows] = await Promise.all([getUserBriefs({ db }, userIds), queries.selectTagBriefs(db, tagIds)]);
  const userById = new Map(people.map((u) => [u.id, u]));
  const tagById = new Map(tagRows.map((t) => [t.id, t]));
  return {
    list: rows.map((r) => ({
      targetType: r.targetType,
      targetId: r.targetId,
      user: r.targetType === 'user' ? (userById.get(r.targetId) ?? null) : null,
      tag: r.targetType === 'tag' ? (tagById.get(r.targetId) ?? null) : null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** Whether the viewer muted this person or tag (the profile's and tag page's 屏蔽 item). */
export async function isMuted(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  { targetType, targetId }: { targetType: MuteTargetType; targetId: string },
) {
  const { db, viewer } = ctx;
  if (!viewer) return false;
  return queries.selectIsMuted(db, viewer.id, targetType, targetId);
}

/** Whether `userId` muted the person `targetUserId` (in the caller's transaction, for notify). */
export function hasMutedUser(
  ctx: Pick<Ctx, 'db'>,
  { userId, targetUserId }: { userId: string; targetUserId: string },
): Promise<boolean> {
  const { db } = ctx;
  return queries.selectIsMuted(db, userId, 'user', targetUserId);
}

/** The people `userId` muted. */
export function listMutedUserIds(ctx: Pick<Ctx, 'db'>, userId: string): Promise<string[]> {
  const { db } = ctx;
  return queries.selectMutedIds(db, userId, 'user');
}

/**
 * Whether the user has muted anyone or any tag. A list that tests every candidate row (search
 * gathers tens of thousands) skips the mute conditions without it.
 */
export function hasMutes(ctx: Pick<Ctx, 'db'>, userId: string): Promise<boolean> {
  const { db } = ctx;
  return queries.selectHasMutes(db, userId);
}
