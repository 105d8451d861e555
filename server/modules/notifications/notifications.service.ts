import type { Ctx, TxCtx } from '../../http/context.ts';
import type { Tx } from '@db/client.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import type { NotificationType } from '@db/schema/index.ts';
import { newId } from '@core/ids.ts';
import { REPEATABLE_NOTIFICATIONS, repeatTargetOf } from '@db/notification-targets.ts';
import { PLACEHOLDERS } from '@core/placeholders.ts';
import { nextPointer, readPointer } from '../../http/cursor.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { type UserBrief, getUserBriefs, PLACEHOLDER_USER } from '../users/users.service.ts';
import { hasMutedUser, listMutedUserIds } from '../mutes/mutes.service.ts';
import { findTagIdByTitle } from '../tags/tags.service.ts';
import * as queries from './notifications.queries.ts';

/** How many of the latest actors a group keeps in its userList. */
export const GROUP_ACTORS_KEPT = 10;
/** Notification groups and system notices per page (SPEC §9: most lists 20). */
export const NOTIFICATION_PAGE_SIZE = 20;
/** The channel every instance LISTENs on; the payload is the recipient's id, or '*' for everyone. */
export { BROADCAST, UNREAD_CHANNEL } from '../../adapters/changes.ts';
import { BROADCAST, UNREAD_CHANNEL } from '../../adapters/changes.ts';

export interface NotificationEvent {
  type: NotificationType;
  /** Who did it. */
  actorId: string;
  /** Who is told. Nobody is told about their own actions. */
  recipientId: string;
  entryId?: string;
  pinId?: string;
  commentId?: string;
  replyId?: string;
  collectionId?: string;
  repoId?: string;
}

export interface UnreadCounts {
  user: number;
  system: number;
  total: number;
}

/** Records that this actor told this recipient about this target; false when they already had. */
async function firstTime(tx: Tx, event: NotificationEvent): Promise<boolean> {
  return queries.insertFirstTold(tx, {
    userId: event.recipientId,
    type: event.type,
    targetId: repeatTargetOf(event),
    actorId: event.actorId,
  });
}

function groupKeyOf(event: NotificationEvent): string {
  const target = event.entryId ?? event.pinId ?? event.collectionId ?? event.repoId ?? event.commentId ?? '';
  // Comments and replies each stay their own row (their text is the point); likes and follows fold.
  const distinct =
    event.type === 'reply' || event.type.startsWith('comment_') ? (event.replyId ?? event.commentId ?? '') : '';
  return `${event.type}:${target}:${distinct}`.slice(0, 80);
}

/**
 * Tells every app instance (through PostgreSQL NOTIFY, or PGlite's own) that a person's unread
 * counts changed. Inside a transaction the notification is delivered only when it commits, and
 * not at all when it rolls back: the live count never runs ahead of the data.
 */
export async function publishUnreadChange(ctx: Pick<Ctx, 'db'>, userId: string): Promise<void> {
  const { db: executor } = ctx;
  await queries.notifyChannel(executor, UNREAD_CHANNEL, userId);
}

/**
 * Records an activity for its recipient inside the caller's transaction, so a like, comment or
 * follow and its notification land (or roll back) together. A like, follow or collect that the
 * same person already told the recipient about (undone and done again) is not told twice. Repeated events of one kind on one
 * target fold into the recipient's unread group: the actor moves to the front, count grows.
 * A new unread group adds one to the recipient's unread count; nothing is recorded for an
 * actor the recipient has muted. The live count is pushed when the transaction commits.
 */
export async function notify(ctx: TxCtx, event: NotificationEvent): Promise<void> {
  const { db: tx } = ctx;
  if (event.actorId === event.recipientId) return;
  if (await hasMutedUser({ db: tx }, { userId: event.recipientId, targetUserId: event.actorId })) return;
  // The recipient's row first: notify and read-all serialise on it, so the unread count stays
  // equal to the unread groups.
  if (!(await queries.lockRecipient(tx, event.recipientId))) return;
  const groupKey = groupKeyOf(event);
  const open = await queries.selectOpenGroupForUpdate(tx, event.recipientId, groupKey);
  const repeated = REPEATABLE_NOTIFICATIONS.has(event.type) && !(await firstTime(tx, event));
  if (repeated) {
    // Told before (follow → unfollow → follow): no new notification, no bell. An unread group
    // that holds this actor is refreshed (the actor first, the time now); a read one stays read.
    if (open?.actorIds.includes(event.actorId)) {
      const actors = [event.actorId, ...open.actorIds.filter((id) => id !== event.actorId)];
      await queries.foldIntoGroup(tx, open.id, actors, false);
    }
    return;
  }
  if (open) {
    const actors = [event.actorId, ...open.actorIds.filter((id) => id !== event.actorId)].slice(0, GROUP_ACTORS_KEPT);
    await queries.foldIntoGroup(tx, open.id, actors, !open.actorIds.includes(event.actorId));
  } else {
    await queries.insertGroup(tx, {
      id: newId(),
      userId: event.recipientId,
      type: event.type,
      groupKey,
      actorIds: [event.actorId],
      entryId: event.entryId,
      pinId: event.pinId,
      commentId: event.commentId,
      replyId: event.replyId,
      collectionId: event.collectionId,
      repoId: event.repoId,
    });
    await queries.addUnreadUserCount(tx, event.recipientId);
  }
  await publishUnreadChange({ db: tx }, event.recipientId);
}

export async function getUnreadCounts(ctx: Pick<Ctx, 'db'>, userId: string): Promise<UnreadCounts> {
  const { db } = ctx;
  const row = await queries.selectUnreadCounts(db, userId);
  const user = row?.user ?? 0;
  const system = row?.system ?? 0;
  return { user, system, total: user + system };
}

/** Read-all for the user list (/setUserNotificationNum): every group read, the count 0. */
export async function readAllUserNotifications(ctx: Pick<Ctx, 'db'>, userId: string): Promise<UnreadCounts> {
  const { db } = ctx;
  await db.transaction(async (tx) => {
    await queries.lockRecipient(tx, userId);
    await queries.markUserGroupsRead(tx, userId);
    await publishUnreadChange({ db: tx }, userId);
  });
  return getUnreadCounts({ db }, userId);
}

/** Read-all for the system list (/checkAllSystemNotification). */
export async function readAllSystemNotifications(ctx: Pick<Ctx, 'db'>, userId: string): Promise<UnreadCounts> {
  const { db } = ctx;
  await db.transaction(async (tx) => {
    await queries.lockRecipient(tx, userId);
    await queries.markSystemNoticesRead(tx, userId);
    await publishUnreadChange({ db: tx }, userId);
  });
  return getUnreadCounts({ db }, userId);
}

export interface NotificationGroup {
  id: string;
  type: NotificationType;
  userList: UserBrief[];
  count: number;
  tagList: Array<{ id: string; title: string }>;
  entry: { id: string; title: string; type: string } | null;
  pin: { id: string; content: string } | null;
  comment: { id: string; content: string } | null;
  reply: { id: string; content: string } | null;
  collection: { id: string; title: string } | null;
  repo: { id: string; name: string } | null;
  read: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Comment and pin texts as a notification shows them: one line, cut. */
function excerpt(text: string, max = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/**
 * The viewer's notification groups, newest activity first (/getUserNotification, `before`).
 * Actors the viewer has muted leave userList and the count; groups left with nobody are hidden.
 */
export async function listUserNotifications(
  ctx: Pick<Ctx, 'db'>,
  { userId, options = {} }: { userId: string; options?: { before?: string; limit?: number } },
): Promise<{ list: NotificationGroup[]; pointer: string | null }> {
  const { db } = ctx;
  const limit = options.limit ?? NOTIFICATION_PAGE_SIZE;
  const cursor = readPointer(options.before);
  const rows = await queries.selectNotificationPage(db, userId, cursor, limit);
  const pointer = nextPointer(rows, limit, (row) => [row.updatedAt, row.id]);
  const muted = new Set(await listMutedUserIds({ db }, userId));
  const visible = rows
    .map((row) => ({ row, actorIds: row.actorIds.filter((id) => !muted.has(id)) }))
    .filter(({ actorIds }) => actorIds.length > 0);

  const pick = (key: 'entryId' | 'pinId' | 'commentId' | 'replyId' | 'collectionId' | 'repoId') => [
    ...new Set(visible.map(({ row }) => row[key]).filter((id): id is string => Boolean(id))),
  ];
  const [briefs, entryRows, pinRows, commentRows, collectionRows, repoRows] = await Promise.all([
    getUserBriefs({ db }, [...new Set(visible.flatMap((v) => v.actorIds))]),
    queries.selectEntryTitles(db, pick('entryId')),
    queries.selectPinTexts(db, pick('pinId')),
    queries.selectCommentTexts(db, [...pick('commentId'), ...pick('replyId')]),
    queries.selectCollectionTitles(db, pick('collectionId')),
    queries.selectRepoNames(db, pick('repoId')),
  ]);
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((item) => [item.id, item]));
  const usersById = byId(briefs);
  const entriesById = byId(entryRows);
  const pinsById = byId(pinRows);
  const commentsById = byId(commentRows);
  const collectionsById = byId(collectionRows);
  const reposById = byId(repoRows);
  const text = (item: { id: string; content: string }) => ({ id: item.id, content: excerpt(item.content) });
  // What the group is about may be gone since: the spec's placeholders stand in (SPEC §3).
  const missingEntry = { id: PLACEHOLDERS.entry.id, title: PLACEHOLDERS.entry.title, type: 'article' };
  const missingCollection = { id: PLACEHOLDERS.collection.id, title: PLACEHOLDERS.collection.title };

  const list = visible.map(({ row, actorIds }): NotificationGroup => {
    const mutedActors = row.actorIds.length - actorIds.length;
    return {
      id: row.id,
      type: row.type,
      // People who left since: one 未知用户 stands for them all.
      userList: [
        ...new Map(actorIds.map((id) => usersById.get(id) ?? PLACEHOLDER_USER).map((u) => [u.id, u])).values(),
      ],
      count: Math.max(actorIds.length, row.count - mutedActors),
      tagList: [],
      entry: row.entryId ? (entriesById.get(row.entryId) ?? missingEntry) : null,
      pin: row.pinId ? text(pinsById.get(row.pinId) ?? PLACEHOLDERS.pin) : null,
      comment: row.commentId ? text(commentsById.get(row.commentId) ?? PLACEHOLDERS.comment) : null,
      reply: row.replyId ? text(commentsById.get(row.replyId) ?? PLACEHOLDERS.comment) : null,
      collection: row.collectionId ? (collectionsById.get(row.collectionId) ?? missingCollection) : null,
      repo: row.repoId ? (reposById.get(row.repoId) ?? null) : null,
      read: row.read,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
  return { list, pointer };
}

export interface SystemNotice {
  id: string;
  type: 'system';
  check: boolean;
  content: string;
  createdAt: string;
}

/** The viewer's system notices, newest first (/getSystemNotification, `pointer`). */
export async function listSystemNotifications(
  ctx: Pick<Ctx, 'db'>,
  { userId, options = {} }: { userId: string; options?: { pointer?: string; limit?: number } },
): Promise<{ list: SystemNotice[]; pointer: string | null }> {
  const { db } = ctx;
  const limit = options.limit ?? NOTIFICATION_PAGE_SIZE;
  const cursor = readPointer(options.pointer);
  const rows = await queries.selectSystemPage(db, userId, cursor, limit);
  return {
    list: rows.map((row) => ({
      id: row.id,
      type: 'system',
      check: row.check,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
    })),
    pointer: nextPointer(rows, limit, (row) => [row.createdAt, row.id]),
  };
}

export const SYSTEM_NOTICE_MAX = 500;

/**
 * An administrator's system notice, to one person (`userId`), to the followers of a tag
 * (`tagTitle`) or, without either, to everyone: one row per recipient, their unread system count
 * up by one, all in one transaction; every instance is told on commit.
 */
export async function sendSystemNotice(
  ctx: Pick<Ctx, 'db'>,
  { input, actor }: { input: { content: string; userId?: string; tagTitle?: string }; actor?: AuditActor },
): Promise<{ sent: number }> {
  const { db } = ctx;
  const content = input.content.trim();
  if (!content) throw badRequest('通知内容不能为空');
  if (content.length > SYSTEM_NOTICE_MAX) throw badRequest(`通知内容不能超过 ${SYSTEM_NOTICE_MAX} 字`);
  const tagTitle = input.tagTitle?.trim();
  if (input.userId && tagTitle) throw badRequest('接收者和标签只能选一个');
  const tagId = tagTitle ? await findTagIdByTitle(ctx, tagTitle) : undefined;
  if (tagId === null) throw notFound('此标签不存在');
  return db.transaction(async (tx) => {
    if (actor) {
      await audit(
        { db: tx },
        {
          actor,
          action: 'system_notification',
          targetType: input.userId ? 'user' : tagId ? 'tag' : 'everyone',
          targetId: input.userId ?? tagId ?? '*',
          detail: { content },
        },
      );
    }
    if (input.userId) {
      if (!(await queries.lockRecipient(tx, input.userId))) throw notFound('此用户不存在');
      await queries.insertSystemNotice(tx, { id: newId(), userId: input.userId, content });
      await publishUnreadChange({ db: tx }, input.userId);
      return { sent: 1 };
    }
    const sent = await queries.insertSystemNoticeForMany(tx, content, tagId);
    await publishUnreadChange({ db: tx }, BROADCAST);
    return { sent };
  });
}
