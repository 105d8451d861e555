import type { NotificationType } from './schema/social.ts';

/**
 * Events a person can repeat by undoing and redoing them (a like, a follow, a collect): each
 * actor tells a recipient about a target once (notification_actors). One home for the formula:
 * notify() and the demo seed use it, and migration 0004 spells the same CASE.
 */
export const REPEATABLE_NOTIFICATIONS: ReadonlySet<NotificationType> = new Set([
  'follow',
  'like_entry',
  'like_pin',
  'like_comment',
  'follow_collection',
  'collect_entry',
]);

export interface NotificationTargetRefs {
  type: NotificationType;
  entryId?: string | null;
  pinId?: string | null;
  commentId?: string | null;
  collectionId?: string | null;
}

/** The thing a repeatable event is about ('' for following a person). */
export function repeatTargetOf(event: NotificationTargetRefs): string {
  switch (event.type) {
    case 'like_entry':
    case 'collect_entry':
      return event.entryId ?? '';
    case 'like_pin':
      return event.pinId ?? '';
    case 'like_comment':
      return event.commentId ?? '';
    case 'follow_collection':
      return event.collectionId ?? '';
    default:
      return '';
  }
}
