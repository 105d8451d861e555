/**
 * The permission rules every domain policy is built from (SPEC §6), isomorphic so the pages show
 * a control exactly when the server would allow its write.
 */

/** Enough of the viewer for a permission check. */
export interface Actor {
  id: string;
  role: string;
}

/** Admin passes every check (SPEC §6). */
export function isAdmin(actor: Actor | null | undefined): boolean {
  return actor?.role === 'admin';
}

/**
 * The author of a thing, or an admin. A thing whose author is gone (`null`, shown as the
 * placeholder user) is the admins' alone.
 */
export function isAuthorOrAdmin(actor: Actor | null | undefined, authorId: string | null | undefined): boolean {
  if (!actor) return false;
  if (isAdmin(actor)) return true;
  return Boolean(authorId) && authorId === actor.id;
}

/** The roles the console assigns (SPEC §6: admin passes every check; editors may recommend and hide). */
export const ASSIGNABLE_ROLES = ['user', 'editor', 'admin'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
