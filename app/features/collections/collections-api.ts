import { LIMITS } from '@core/constants.ts';
import { ApiError, apiFetch } from '~/lib/api-client.ts';
import { track } from '~/lib/track.ts';
import { uploadImage } from '~/lib/upload-image.ts';
import type { CollectionInput, CollectionView, CollectionWithIsIn, CollectResult } from './types.ts';

const BASE = '/api/collection';
export const FILE_TOO_LARGE = '文件过大';
export const UNSUPPORTED_FORMAT = '不支持此文件格式';

export type CounterEvent = 'csNum' | 'csFollow' | 'csPost';

/**
 * The statistics report after each change (SPEC §4, §7.5: num ±1, src 2). Its failures are only
 * logged (SPEC §8): the change itself already succeeded.
 */
export function reportCounter(event: CounterEvent, csId: string, num: 1 | -1): void {
  const body = new URLSearchParams({ num: String(num), event, csId, src: '2' });
  fetch(`${BASE}/collectionSet/incr`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then((response) => {
      if (!response.ok) console.warn(`collectionSet/incr ${event} failed: ${response.status}`);
    })
    .catch((error: unknown) => console.warn('collectionSet/incr failed', error));
}

/** Created, counted, then re-read for its full details (SPEC §4). */
export async function createCollection(input: CollectionInput): Promise<CollectionView> {
  const { id } = await apiFetch<{ id: string }>(`${BASE}/collectionset`, { method: 'POST', json: input });
  reportCounter('csNum', id, 1);
  return getCollection(id);
}

export function getCollection(id: string): Promise<CollectionView> {
  return apiFetch<CollectionView>(`${BASE}/getCollectionSetInfo?csId=${id}`);
}

export function updateCollection(id: string, input: CollectionInput): Promise<CollectionView> {
  return apiFetch<CollectionView>(`${BASE}/collectionset/${id}`, { method: 'PUT', json: input });
}

export async function deleteCollection(id: string): Promise<void> {
  await apiFetch<null>(`${BASE}/collectionset/${id}`, { method: 'DELETE' });
  reportCounter('csNum', id, -1);
}

export async function setFollow(csId: string, follow: boolean) {
  const result = await apiFetch<{ followed: boolean; followerCount: number }>(
    `${BASE}/${follow ? 'follow' : 'unfollow'}`,
    { method: 'PUT', json: { csId } },
  );
  reportCounter('csFollow', csId, follow ? 1 : -1);
  return result;
}

export async function setCollected(csId: string, entryId: string, add: boolean): Promise<CollectResult> {
  const result = await apiFetch<CollectResult>(`${BASE}/${add ? 'addEntry' : 'delEntry'}`, {
    method: 'PUT',
    json: { csId, entryId },
  });
  reportCounter('csPost', csId, add ? 1 : -1);
  track(add ? 'collect' : 'uncollect', { target: entryId, value: csId });
  return result;
}

export function myCollectionsFor(entryId: string) {
  return apiFetch<{ collectionSets: CollectionWithIsIn[]; sum: number }>(`${BASE}/getUserCollectionSet/${entryId}`);
}

export async function isInMyCollections(entryIds: string[]): Promise<Map<string, boolean>> {
  const { items } = await apiFetch<{ items: Array<{ entryId: string; isIn: boolean }> }>(
    `${BASE}/isInMyCollectionSet?entryIds=${entryIds.join('|')}`,
  );
  return new Map(items.map((item) => [item.entryId, item.isIn]));
}

/** Checked in the browser first (jpg or png, ≤ 1048576 bytes), then by the server by signature. */
export function checkBackgroundFile(file: File): string | null {
  if (!/^image\/(jpeg|png)$/.test(file.type) && !/\.(jpe?g|png)$/i.test(file.name)) return UNSUPPORTED_FORMAT;
  if (file.size > LIMITS.collectionBackgroundBytes) return FILE_TOO_LARGE;
  return null;
}

export async function uploadBackground(file: File): Promise<string> {
  const problem = checkBackgroundFile(file);
  if (problem) throw new ApiError(400, 0, problem);
  return (await uploadImage(file, 'collection')).url;
}
