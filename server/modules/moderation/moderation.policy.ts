import { type Actor, isAdmin } from '@core/permissions.ts';

/** Hide content and list it in the console: administrators and editors (issue 16). */
export function canHide(viewer: Actor | null | undefined): boolean {
  return isAdmin(viewer) || viewer?.role === 'editor';
}

/** Restore hidden content and work the report queue: administrators. */
export function canReview(viewer: Actor | null | undefined): boolean {
  return isAdmin(viewer);
}
