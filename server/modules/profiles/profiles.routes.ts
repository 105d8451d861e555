import { createRoute } from '@hono/zod-openapi';
import { limitSchema, pointerSchema } from '@core/inputs.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import { errorResponses, idSchema, okResponse, z } from '../../http/openapi.ts';

export const getUserLog = createRoute({
  method: 'get',
  path: '/getUserLog',
  tags: ['user'],
  summary: 'A person’s activity (published, liked, followed, commented), newest first',
  request: {
    query: z.object({
      uid: idSchema,
      before: pointerSchema,
      limit: limitSchema(PAGE_SIZE.feed, 50),
    }),
  },
  responses: {
    ...okResponse(z.object({ list: z.array(z.record(z.string(), z.unknown())), pointer: z.string().nullable() })),
    ...errorResponses(400, 404),
  },
});
