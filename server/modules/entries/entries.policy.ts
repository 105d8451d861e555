import { type Actor, isAdmin, isAuthorOrAdmin } from '@core/permissions.ts';

/** Edit or delete a published entry: its author or an admin. */
export function canEdit(viewer: Actor | null | undefined, entry: { userId: string | null }): boolean {
  return isAuthorOrAdmin(viewer, entry.userId);
}

/** Recommend or unrecommend (the hot flag): admins and editors (issue 16). */
export function canRecommend(viewer: Actor | null | undefined): boolean {
  return isAdmin(viewer) || viewer?.role === 'editor';
}
