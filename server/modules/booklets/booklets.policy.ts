import { type Actor, isAdmin, isAuthorOrAdmin } from '@core/permissions.ts';

/** Booklet authors (isXiaoceAuthor) create booklets; admins pass (SPEC §6). */
export function canWriteBooklets(viewer: (Actor & { isXiaoceAuthor: boolean }) | null | undefined): boolean {
  return Boolean(viewer) && (isAdmin(viewer) || Boolean(viewer?.isXiaoceAuthor));
}

/** Approve submitted booklets, flag them hot or top, see every booklet: admins only. */
export function canManageBooklets(viewer: Actor | null | undefined): boolean {
  return isAdmin(viewer);
}

/** Edit a booklet and its sections, see its drafts: its author or an admin. */
export function canEditBooklet(viewer: Actor | null | undefined, booklet: { userId: string }): boolean {
  return isAuthorOrAdmin(viewer, booklet.userId);
}

/**
 * Read a section in full: free sections and free booklets for everyone; paid ones for their
 * buyers, the author and admins.
 */
export function canReadSection(
  viewer: Actor | null | undefined,
  booklet: { userId: string; price: number },
  section: { isFree: boolean },
  bought: boolean,
): boolean {
  return section.isFree || booklet.price === 0 || bought || canEditBooklet(viewer, booklet);
}
