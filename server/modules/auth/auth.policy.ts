import type { UserRole } from '@db/schema/users.ts';
import { isAdmin, isAuthorOrAdmin } from '@core/permissions.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';

/** The signed-in person a request acts for. */
export interface Viewer {
  id: string;
  username: string;
  role: UserRole;
  avatarLarge: string;
  isXiaoceAuthor: boolean;
  hasWallet: boolean;
  unreadUserNotificationCount: number;
  unreadSystemNotificationCount: number;
  sessionId: string;
  clientId: string;
  /** When the session ends (a cached viewer is not kept past it). */
  sessionExpiresAt?: Date;
  /**
   * Whether they muted anyone or any tag (read with the session): a viewer who mutes nothing
   * sees the shared lists as everyone does. Unknown (undefined) counts as true.
   */
  hasMutes?: boolean;
  /** Suspended until then (can read, cannot write), and why (issue 16); null when not suspended. */
  suspendedUntil?: Date | null;
  suspendReason?: string;
}

/** The suspension in force for this viewer now, if any. */
export function activeSuspension(viewer: Viewer | null, now = new Date()): { until: Date; reason: string } | null {
  if (!viewer?.suspendedUntil || viewer.suspendedUntil <= now) return null;
  return { until: viewer.suspendedUntil, reason: viewer.suspendReason ?? '' };
}

export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw unauthorized();
  return viewer;
}

export interface RoleCheck {
  /** Passes when the viewer is this user. */
  id?: string;
  /** Passes when the viewer's role is one of these. */
  roles?: readonly UserRole[];
}

/** SPEC §6: admin passes every check; otherwise both the optional id and the optional role list must match. */
export function passesRoleCheck(viewer: Pick<Viewer, 'id' | 'role'>, check: RoleCheck): boolean {
  if (isAdmin(viewer)) return true;
  if (check.id !== undefined && check.id !== viewer.id) return false;
  if (check.roles !== undefined && !check.roles.includes(viewer.role)) return false;
  return true;
}

/** Act for this person (follow as them, see their private counts): themself or an admin. */
export function canActFor(viewer: Pick<Viewer, 'id' | 'role'> | null, userId: string): boolean {
  return isAuthorOrAdmin(viewer, userId);
}

export function requireRole(viewer: Viewer | null, check: RoleCheck): Viewer {
  const signedIn = requireViewer(viewer);
  if (!passesRoleCheck(signedIn, check)) throw forbidden('Forbidden');
  return signedIn;
}
