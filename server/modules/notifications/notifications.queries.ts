import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
import {
  collections,
  comments,
  entries,
  notificationActors,
  notifications,
  pins,
  repos,
  systemNotifications,
  users,
} from '@db/schema/index.ts';

import { type Cursor, keysetBefore } from '../../http/cursor.ts';

type Executor = Db | Tx;

/** One page of groups by latest activity: notifications_user_updated_idx. */
export async function selectNotificationPage(db: Executor, userId: string, cursor: Cursor | null, limit: number) {
  const after = keysetBefore(notifications.updatedAt, notifications.id, cursor);
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      actorIds: notifications.actorIds,
      count: notifications.count,
      entryId: notifications.entryId,
      pinId: notifications.pinId,
      commentId: notifications.commentId,
      replyId: notifications.replyId,
      collectionId: notifications.collectionId,
      repoId: notifications.repoId,
      read: notifications.read,
      createdAt: notifications.createdAt,
      updatedAt: notifications.updatedAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), after))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit);
}

export async function selectSystemPage(db: Executor, userId: string, cursor: Cursor | null, limit: number) {
  const after = keysetBefore(systemNotifications.createdAt, systemNotifications.id, cursor);
  return db
    .select({
      id: systemNotifications.id,
      check: systemNotifications.check,
      content: systemNotifications.content,
      createdAt: systemNotifications.createdAt,
    })
    .from(systemNotifications)
    .where(and(eq(systemNotifications.userId, userId), after))
    .orderBy(desc(systemNotifications.createdAt), desc(systemNotifications.id))
    .limit(limit);
}

export async function selectEntryTitles(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: entries.id, title: entries.title, type: entries.type })
    .from(entries)
    .where(inArray(entries.id, ids));
}

export async function selectPinTexts(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: pins.id, content: pins.content }).from(pins).where(inArray(pins.id, ids));
}

export async function selectCommentTexts(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: comments.id, content: comments.content, deleted: comments.deleted })
    .from(comments)
    .where(inArray(comments.id, ids));
  return rows.map((row) => ({ id: row.id, content: row.deleted ? '此评论已删除' : row.content }));
}

export async function selectCollectionTitles(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: collections.id, title: collections.title })
    .from(collections)
    .where(inArray(collections.id, ids));
}

export async function selectRepoNames(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: repos.id, name: repos.name }).from(repos).where(inArray(repos.id, ids));
}

/**
 * A system notice for every account, or (with `tagId`) for every follower of that tag, and each
 * recipient's unread system count up by one.
 */
export async function insertSystemNoticeForMany(tx: Tx, content: string, tagId?: string): Promise<number> {
  const recipients = tagId
    ? sql`u.role <> 'guest' AND u.id IN (SELECT s.user_id FROM tag_subscriptions s WHERE s.tag_id = ${tagId})`
    : sql`u.role <> 'guest'`;
  // Ids: 8 hex digits of seconds, then 16 random hex digits (core/ids.ts), made in SQL.
  const inserted = await tx.execute(sql`
    INSERT INTO system_notifications (id, user_id, content)
    SELECT lpad(to_hex(floor(extract(epoch FROM now()))::bigint), 8, '0') || substr(md5(random()::text || u.id), 1, 16), u.id, ${content}
    FROM users u WHERE ${recipients}
    RETURNING user_id`);
  await tx.execute(sql`
    UPDATE users u SET unread_system_notification_count = unread_system_notification_count + 1
    WHERE ${recipients}`);
  return (inserted as unknown as { rows?: unknown[] }).rows?.length ?? 0;
}

/** NOTIFY on `channel` (PostgreSQL, or PGlite's own), delivered when the caller's transaction commits. */
export async function notifyChannel(db: Executor, channel: string, payload: string) {
  await db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}

/** Records that `actorId` told the recipient about this target; false when they had already. */
export async function insertFirstTold(tx: Tx, values: typeof notificationActors.$inferInsert): Promise<boolean> {
  const inserted = await tx
    .insert(notificationActors)
    .values(values)
    .onConflictDoNothing()
    .returning({ actorId: notificationActors.actorId });
  return inserted.length > 0;
}

/**
 * Locks the recipient's row: notify and read-all serialise on it, so the unread count stays equal
 * to the unread groups. False when there is no such user.
 */
export async function lockRecipient(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return Boolean(row);
}

/** The recipient's unread group with this key, locked. */
export async function selectOpenGroupForUpdate(tx: Tx, userId: string, groupKey: string) {
  const [row] = await tx
    .select({ id: notifications.id, actorIds: notifications.actorIds })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.groupKey, groupKey), eq(notifications.read, false)))
    .limit(1)
    .for('update');
  return row;
}

/** An event folds into its open group: the actors as given, the time now, the count up when the actor is new. */
export async function foldIntoGroup(tx: Tx, id: string, actorIds: string[], newActor: boolean) {
  await tx
    .update(notifications)
    .set({ actorIds, ...(newActor ? { count: sql`${notifications.count} + 1` } : {}), updatedAt: new Date() })
    .where(eq(notifications.id, id));
}

export async function insertGroup(tx: Tx, values: typeof notifications.$inferInsert) {
  await tx.insert(notifications).values(values);
}

export async function addUnreadUserCount(tx: Tx, userId: string) {
  await tx
    .update(users)
    .set({ unreadUserNotificationCount: sql`${users.unreadUserNotificationCount} + 1` })
    .where(eq(users.id, userId));
}

export async function selectUnreadCounts(db: Executor, userId: string) {
  const [row] = await db
    .select({ user: users.unreadUserNotificationCount, system: users.unreadSystemNotificationCount })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Every unread group read, the unread count 0. */
export async function markUserGroupsRead(tx: Tx, userId: string) {
  await tx
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  await tx.update(users).set({ unreadUserNotificationCount: 0 }).where(eq(users.id, userId));
}

/** Every system notice checked, the unread system count 0. */
export async function markSystemNoticesRead(tx: Tx, userId: string) {
  await tx
    .update(systemNotifications)
    .set({ check: true })
    .where(and(eq(systemNotifications.userId, userId), eq(systemNotifications.check, false)));
  await tx.update(users).set({ unreadSystemNotificationCount: 0 }).where(eq(users.id, userId));
}

/** One notice for one person, their unread system count up by one. */
export async function insertSystemNotice(tx: Tx, values: { id: string; userId: string; content: string }) {
  await tx.insert(systemNotifications).values(values);
  await tx
    .update(users)
    .set({ unreadSystemNotificationCount: sql`${users.unreadSystemNotificationCount} + 1` })
    .where(eq(users.id, values.userId));
}
