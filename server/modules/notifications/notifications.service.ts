import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '@db/client.ts';
import { type NotificationType, notifications } from '@db/schema/index.ts';
import { newId } from '@core/ids.ts';

/** How many of the latest actors a group keeps in its userList. */
export const GROUP_ACTORS_KEPT = 10;

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

function groupKeyOf(event: NotificationEvent): string {
  const target = event.entryId ?? event.pinId ?? event.collectionId ?? event.repoId ?? event.commentId ?? '';
  // Comments and replies each stay their own row (their text is the point); likes and follows fold.
  const distinct =
    event.type === 'reply' || event.type.startsWith('comment_') ? (event.replyId ?? event.commentId ?? '') : '';
  return `${event.type}:${target}:${distinct}`.slice(0, 80);
}

/**
 * Records an activity for its recipient inside the caller's transaction, so a like, comment or
 * follow and its notification land (or roll back) together. Repeated events of one kind on one
 * target fold into the recipient's unread group: the actor moves to the front, count grows.
 */
export async function notify(tx: Tx, event: NotificationEvent): Promise<void> {
  if (event.actorId === event.recipientId) return;
  const groupKey = groupKeyOf(event);
  const [open] = await tx
    .select({ id: notifications.id, actorIds: notifications.actorIds })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, event.recipientId),
        eq(notifications.groupKey, groupKey),
        eq(notifications.read, false),
      ),
    )
    .limit(1)
    .for('update');
  if (open) {
    const actors = [event.actorId, ...open.actorIds.filter((id) => id !== event.actorId)].slice(0, GROUP_ACTORS_KEPT);
    const isNewActor = !open.actorIds.includes(event.actorId);
    await tx
      .update(notifications)
      .set({
        actorIds: actors,
        count: isNewActor ? sql`${notifications.count} + 1` : notifications.count,
        updatedAt: new Date(),
      })
      .where(eq(notifications.id, open.id));
    return;
  }
  await tx.insert(notifications).values({
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
}
