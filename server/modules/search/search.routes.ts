import { createRoute } from '@hono/zod-openapi';
import { pageNumberSchema } from '@core/inputs.ts';
import { LIMITS } from '@core/constants.ts';
import { errorResponses, okResponse, z } from '../../http/openapi.ts';

export const searchQuerySchema = z.object({
  query: z.string().trim().max(LIMITS.searchInput).default('').openapi({ description: 'The words to look for' }),
  page: pageNumberSchema(),
  raw_result: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ description: 'Sent as false by the site; the answer is always the id list' }),
  src: z.string().optional(),
});

export const searchResultSchema = z
  .object({
    total: z.number().openapi({ description: 'Matches: exact below 200, else the database’s estimate' }),
    estimated: z.boolean().openapi({ description: 'true when total is an estimate' }),
    idList: z.array(z.string()).openapi({ description: 'Entry ids of the page, best match first' }),
  })
  .openapi('SearchResult');

export const search = createRoute({
  method: 'get',
  path: '/search',
  tags: ['timeline'],
  summary: 'Full-text search of entries: 20 ids a page; fetch the entries with get_entry_by_ids',
  request: { query: searchQuerySchema },
  responses: { ...okResponse(searchResultSchema), ...errorResponses(400) },
});
