import { createRoute } from '@hono/zod-openapi';
import { errorResponses, idSchema, okResponse, z } from '../../http/openapi.ts';

export const getUserLog = createRoute({
  method: 'get',
  path: '/getUserLog',
  tags: ['user'],
  summary: 'A person’s activity (published, liked, followed, commented), newest first',
  request: {
    query: z.object({
      uid: idSchema,
      before: z.string().max(300).optional(),
      limit: z.coerce.number().int().min(1).max(50).optional(),
    }),
  },
  responses: {
    ...okResponse(z.object({ list: z.array(z.record(z.string(), z.unknown())), pointer: z.string().nullable() })),
    ...errorResponses(400, 404),
  },
});
