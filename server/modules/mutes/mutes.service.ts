import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { tags } from '@db/schema/content.ts';
import { mutes } from '@db/schema/users.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireViewer, type Viewer } from '../auth/auth.policy.ts';
import { tagExists } from '../tags/tags.service.ts';
import { userExists, getUserBriefs } from '../users/users.service.ts';

export type MuteTargetType = 'user' | 'tag';

/**
 * Muting (beyond the spec): the muted person's or tag's content leaves every list the muter
 * sees. Idempotent: muting twice keeps one row.
 */
export async function muteTarget(
  db: Db,
  viewer: Viewer | null,
  input: { targetType: MuteTargetType; targetId: string },
) {
  const signedIn = requireViewer(viewer);
  if (input.targetType === 'user' && input.targetId === signedIn.id) throw badRequest('不能屏蔽自己');
  const exists =
    input.targetType === 'user' ? await userExists(db, input.targetId) : await tagExists(db, input.targetId);
  if (!exists) throw notFound(input.targetType === 'user' ? '此用户不存在' : '标签不存在');
  await db
    .insert(mutes)
    .values({ userId: signedIn.id, targetType: input.targetType, targetId: input.targetId })
    .onConflictDoNothing();
  return { muted: true, ...input };
}

export async function unmuteTarget(
  db: Db,
  viewer: Viewer | null,
  input: { targetType: MuteTargetType; targetId: string },
) {
  const signedIn = requireViewer(viewer);
  await db
    .delete(mutes)
    .where(
      and(eq(mutes.userId, signedIn.id), eq(mutes.targetType, input.targetType), eq(mutes.targetId, input.targetId)),
    );
  return { muted: false, ...input };
}

/** The viewer's mutes, newest first, with the muted people and tags. */
export async function listMutes(db: Db, viewer: Viewer | null, targetType?: MuteTargetType) {
  const signedIn = requireViewer(viewer);
  const rows = await db
    .select({ targetType: mutes.targetType, targetId: mutes.targetId, createdAt: mutes.createdAt })
    .from(mutes)
    .where(and(eq(mutes.userId, signedIn.id), targetType ? eq(mutes.targetType, targetType) : undefined))
    .orderBy(desc(mutes.createdAt));
  const userIds = rows.filter((r) => r.targetType === 'user').map((r) => r.targetId);
  const tagIds = rows.filter((r) => r.targetType === 'tag').map((r) => r.targetId);
  const [people, tagRows] = await Promise.all([
    getUserBriefs(db, userIds),
    tagIds.length
      ? db.select({ id: tags.id, title: tags.title, icon: tags.icon }).from(tags).where(inArray(tags.id, tagIds))
      : Promise.resolve([]),
  ]);
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

/** Whether the viewer muted this person (the profile's 屏蔽 item). */
export async function isMuted(db: Db, viewer: Viewer | null, targetType: MuteTargetType, targetId: string) {
  if (!viewer) return false;
  const [row] = await db
    .select({ id: mutes.targetId })
    .from(mutes)
    .where(and(eq(mutes.userId, viewer.id), eq(mutes.targetType, targetType), eq(mutes.targetId, targetId)));
  return Boolean(row);
}
