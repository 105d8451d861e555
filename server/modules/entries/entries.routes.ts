import { idListSchema } from '@core/inputs.ts';
import { createRoute } from '@hono/zod-openapi';
import { errorResponses, okResponse, z } from '../../http/openapi.ts';
import {
  entryDetailSchema,
  entryListQuerySchema,
  entryListSchema,
  entrySchema,
  getEntryQuerySchema,
  periodQuerySchema,
} from './entries.schemas.ts';

const timeline = ['timeline'];

function feedRoute(path: string, summary: string) {
  return createRoute({
    method: 'get',
    path,
    tags: timeline,
    summary,
    request: { query: entryListQuerySchema },
    responses: { ...okResponse(entryListSchema), ...errorResponses(400, 404) },
  });
}

export const byRank = feedRoute('/get_entry_by_rank', 'Entries by time-decayed popularity (sort popular)');
export const byTimeline = feedRoute('/get_entry_by_timeline', 'Newest entries (sort newest)');
export const byComment = feedRoute('/get_entry_by_comment', 'Entries by latest comment (sort comment)');
export const byHot = feedRoute('/get_entry_by_hot', 'Entries by likes of all time (sort hottest)');

export const byPeriod = createRoute({
  method: 'get',
  path: '/get_entry_by_period',
  tags: timeline,
  summary: 'Most liked entries of the last week or month (weeklyHottest, monthlyHottest)',
  request: { query: periodQuerySchema },
  responses: { ...okResponse(entryListSchema), ...errorResponses(400, 404) },
});

export const byIds = createRoute({
  method: 'get',
  path: '/get_entry_by_ids',
  tags: timeline,
  summary: 'Entries by id, in the order given',
  request: {
    query: z.object({
      entryIds: idListSchema({ allowEmpty: true }),
    }),
  },
  responses: { ...okResponse(z.object({ entrylist: z.array(entrySchema) })), ...errorResponses(400) },
});

export const getEntry = createRoute({
  method: 'get',
  path: '/getEntry',
  tags: ['post'],
  summary: 'One entry with its content',
  request: { query: getEntryQuerySchema },
  responses: { ...okResponse(entryDetailSchema), ...errorResponses(400, 404) },
});
