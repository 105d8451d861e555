import { isAuthorOrAdmin } from '@core/permissions.ts';
import type { Viewer } from '../auth/auth.policy.ts';

/** An entry's numbers are its author's (and an administrator's) to read. */
export function canReadEntryAnalytics(viewer: Pick<Viewer, 'id' | 'role'>, entry: { userId: string | null }): boolean {
  return isAuthorOrAdmin(viewer, entry.userId);
}
