import type { Envelope } from '@core/envelope.ts';
import { ApiError } from './api-client.ts';

/** What the server's storeImage accepts (server/modules/uploads). */
export type ImagePurpose = 'avatar' | 'entry' | 'cover' | 'pin' | 'comment' | 'collection';

export const IMAGE_MAX_BYTES = 1_048_576;

/**
 * POST /api/upload/image (multipart). The server's message (文件过大, 不支持此文件格式) comes back
 * as an ApiError; files over 1 MB are refused before sending, with the same message.
 */
export async function uploadImage(file: File, purpose: ImagePurpose): Promise<{ url: string }> {
  if (file.size > IMAGE_MAX_BYTES) throw new ApiError(400, 0, '文件过大');
  const form = new FormData();
  form.set('file', file);
  form.set('purpose', purpose);
  let response: Response;
  try {
    response = await fetch('/api/upload/image', { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 0, '网络异常，请检查网络后重试');
  }
  const body = (await response.json().catch(() => null)) as Envelope<{ url: string }> | null;
  if (!body || typeof body.s !== 'number') throw new ApiError(response.status, 0, `请求失败（${response.status}）`);
  if (!response.ok || body.s !== 1) throw new ApiError(response.status, body.s, body.m);
  return body.d;
}
