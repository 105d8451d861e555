import { type Actor, isAuthorOrAdmin } from '@core/permissions.ts';

/** Read, edit, publish or delete a draft: its writer or an admin. */
export function canEdit(viewer: Actor | null | undefined, draft: { userId: string | null }): boolean {
  return isAuthorOrAdmin(viewer, draft.userId);
}
