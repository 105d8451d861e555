import { type Actor, isAuthorOrAdmin } from '@core/permissions.ts';

/** Delete a pin: its writer or an admin. */
export function canDelete(viewer: Actor | null | undefined, pin: { userId: string | null }): boolean {
  return isAuthorOrAdmin(viewer, pin.userId);
}
