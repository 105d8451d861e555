import { apiFetch } from '~/lib/api-client.ts';
import { track } from '~/lib/track.ts';

export interface LikeState {
  like: boolean;
  likeCount: number;
}

/** Likes (or unlikes) an entry for the viewer: the entry's new state, once the call succeeded. */
export async function sendEntryLike(entryId: string, like: boolean): Promise<LikeState> {
  const next = await apiFetch<LikeState>(`/api/like/user/like/entry/${entryId}`, { method: like ? 'PUT' : 'DELETE' });
  track(like ? 'like' : 'unlike', { target: entryId });
  return next;
}
