import { type Actor, isAuthorOrAdmin } from '@core/permissions.ts';

/** Delete a comment: its writer or an admin. */
export function canDelete(viewer: Actor | null | undefined, comment: { userId: string | null }): boolean {
  return isAuthorOrAdmin(viewer, comment.userId);
}
