import { ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { createApi } from '../../http/openapi.ts';
import { requireViewer } from '../auth/auth.policy.ts';
import { imageUploadRoute } from './uploads.routes.ts';
import { FILE_TOO_LARGE, IMAGE_MAX_BYTES, storeImage, UNSUPPORTED_FORMAT } from './uploads.service.ts';

export const uploadApi = createApi();
// Refuse declared-oversized bodies before reading them (the file limit plus form overhead).
uploadApi.use(async (c, next) => {
  if (Number(c.req.header('content-length') ?? 0) > IMAGE_MAX_BYTES + 64 * 1024) throw badRequest(FILE_TOO_LARGE);
  await next();
});
uploadApi.openapi(imageUploadRoute, async (c) => {
  const ctx = c.get('ctx');
  const viewer = requireViewer(ctx.viewer);
  const { file, purpose } = c.req.valid('form');
  if (!(file instanceof File)) throw badRequest(UNSUPPORTED_FORMAT);
  const stored = await storeImage(ctx, { userId: viewer.id, purpose, bytes: new Uint8Array(await file.arrayBuffer()) });
  return ok(c, stored);
});
