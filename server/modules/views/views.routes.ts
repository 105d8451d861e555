import { createGetWriteRoute, errorResponses, okResponse, z } from '../../http/openapi.ts';

export const getEntryView = createGetWriteRoute({
  path: '/getEntryView',
  tags: ['view'],
  summary: 'Count a view of an entry: once per visitor per entry per day, never for bots',
  request: { query: z.object({ entryId: z.string().max(64), src: z.string().optional() }) },
  responses: {
    ...okResponse(z.object({ entryViewId: z.string().nullable(), counted: z.boolean(), viewCount: z.number() })),
    ...errorResponses(400, 403, 404),
  },
});
