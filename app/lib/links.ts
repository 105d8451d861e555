import { isGuestId } from '@core/ids.ts';
/** Column articles (type post) live at /post/{id}; every other entry at /entry/{id} (SPEC §2.3). */
export function entryHref(entry: { id: string; type: string }): string {
  return entry.type === 'post' ? `/post/${entry.id}` : `/entry/${entry.id}`;
}

/**
 * Shared links and votes keep their URL, options and flags on the share form (/edit-entry/{id});
 * written articles and column posts are edited in the editor. The same rule as the drafts
 * service's loadEditableEntry, which refuses the former.
 */
export function editedInShareForm(entry: { type: string; originalUrl: string }): boolean {
  return entry.originalUrl !== '' || entry.type === 'vote';
}

/** Where an entry is edited (see editedInShareForm). */
export function editHref(entry: { id: string; type: string; originalUrl: string }): string {
  return editedInShareForm(entry) ? `/edit-entry/${entry.id}` : `/editor/posts/${entry.id}`;
}

/** The host of a shared link, e.g. github.com; empty when the URL does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** Outbound links leave through the link-out page (SPEC §9), as links inside articles do. */
export function linkOutHref(url: string): string {
  return `/link?target=${encodeURIComponent(url)}`;
}

/** A user page link, or null for the placeholder of a deleted author (SPEC §3: 24 zeros). */
export function userHref(user: { id: string }): string | null {
  return isGuestId(user.id) ? null : `/user/${user.id}`;
}
