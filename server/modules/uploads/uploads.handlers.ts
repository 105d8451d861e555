import { ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { createApi } from '../../http/openapi.ts';
import { requireViewer } from '../auth/auth.policy.ts';
import { imageUploadRoute } from './uploads.routes.ts';
import { checkUploadRate, storeImage, UNSUPPORTED_FORMAT } from './uploads.service.ts';

// Bodies over the file limit plus the form's overhead are refused before anything reads them
// (bodyLimits, server/http/limits.ts); a signed-in person's uploads are counted before the form is
// parsed.
export const uploadApi = createApi();
uploadApi.use(async (c, next) => {
  await checkUploadRate(c.get('ctx'));
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
