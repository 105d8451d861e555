import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
import { collections, comments, entries, notifications, pins, repos, systemNotifications } from '@db/schema/index.ts';

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

/** A system notice for every account, and each one's unread system count up by one. */
export async function insertSystemNoticeForEveryone(tx: Tx, content: string): Promise<number> {
  // Ids: 8 hex digits of seconds, then 16 random hex digits (core/ids.ts), made in SQL.
  const inserted = await tx.execute(sql`
    INSERT INTO system_notifications (id, user_id, content)
    SELECT lpad(to_hex(floor(extract(epoch FROM now()))::bigint), 8, '0') || substr(md5(random()::text || u.id), 1, 16), u.id, ${content}
    FROM users u WHERE u.role <> 'guest'
    RETURNING user_id`);
  await tx.execute(sql`
    UPDATE users SET unread_system_notification_count = unread_system_notification_count + 1
    WHERE role <> 'guest'`);
  return (inserted as unknown as { rows?: unknown[] }).rows?.length ?? 0;
}
