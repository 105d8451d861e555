import type { Envelope } from '@core/envelope.ts';
import { ApiError } from '~/lib/api-client.ts';

/** POST /api/upload/image with purpose avatar (multipart); answers the stored image's URL. */
export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  form.set('purpose', 'avatar');
  let response: Response;
  try {
    response = await fetch('/api/upload/image', { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 0, '网络异常，请检查网络后重试');
  }
  const body = (await response.json().catch(() => null)) as Envelope<{ url: string }> | null;
  if (!body) throw new ApiError(response.status, 0, `请求失败（${response.status}）`);
  if (!response.ok || body.s !== 1) throw new ApiError(response.status, body.s, body.m);
  return body.d.url;
}
