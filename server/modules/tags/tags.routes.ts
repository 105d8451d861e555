import { createRoute } from '@hono/zod-openapi';
import { okResponse, z } from '../../http/openapi.ts';

export const categoriesRoute = createRoute({
  method: 'get',
  path: '/categories',
  tags: ['tag'],
  summary: 'The nine fixed categories',
  responses: okResponse(
    z.object({
      categoryList: z.array(
        z.object({ id: z.string(), name: z.string(), title: z.string(), entriesCount: z.number() }),
      ),
    }),
  ),
});
