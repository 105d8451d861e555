import { type Actor, isAuthorOrAdmin } from '@core/permissions.ts';

/** Edit or delete a collection, add or remove its entries: its owner or an admin. */
export function canEdit(viewer: Actor | null | undefined, collection: { userId: string | null }): boolean {
  return isAuthorOrAdmin(viewer, collection.userId);
}

/** Use an uploaded image (a collection's background): the person who uploaded it, or an admin. */
export function canUseUpload(viewer: Actor | null | undefined, upload: { userId: string | null }): boolean {
  return isAuthorOrAdmin(viewer, upload.userId);
}
