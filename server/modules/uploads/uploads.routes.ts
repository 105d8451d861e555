import { createRoute } from '@hono/zod-openapi';
import { errorResponses, okResponse, z } from '../../http/openapi.ts';
import { uploadPurposes } from './uploads.service.ts';

export const imageUploadRoute = createRoute({
  method: 'post',
  path: '/image',
  tags: ['upload'],
  summary:
    'Upload an image (≤ 1 MB, ≤ 25 million pixels; jpg, png, gif, webp or bmp, checked by signature); stored as webp',
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({
            file: z.any().openapi({ type: 'string', format: 'binary' }),
            purpose: z.enum(uploadPurposes).default('entry'),
          }),
        },
      },
    },
  },
  responses: {
    ...okResponse(z.object({ id: z.string(), url: z.string(), width: z.number(), height: z.number() })),
    ...errorResponses(400, 401, 413),
    429: { description: 'Too many uploads: 操作过于频繁，请稍后再试 (UPLOAD_MAX_PER_USER_HOUR)' },
  },
});
