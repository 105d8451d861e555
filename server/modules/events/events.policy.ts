import type { RoleCheck } from '../auth/auth.policy.ts';

/**
 * Who creates, edits and removes events: administrators (SPEC §6: admin passes every check).
 * Editors moderate what people write; events are the site's own announcements.
 */
export const MANAGE_EVENTS: RoleCheck = { roles: ['admin'] };
