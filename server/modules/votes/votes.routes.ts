import { createRoute } from '@hono/zod-openapi';
import { PAGE_SIZE } from '@core/constants.ts';
import { limitSchema, pageNumberSchema, pointerSchema } from '@core/inputs.ts';
import { errorResponses, idSchema, okResponse, z } from '../../http/openapi.ts';
import { ATTENDER_PAGE_MAX, attendersSchema, voteResultsSchema } from './votes.schemas.ts';

const tags = ['vote'];
const entryId = idSchema;

export const results = createRoute({
  method: 'get',
  path: '/getVote',
  tags,
  summary: 'A vote entry’s options with counts and percentages, and the viewer’s choice',
  request: { query: z.object({ entryId, src: z.string().optional() }) },
  responses: { ...okResponse(voteResultsSchema), ...errorResponses(400, 404) },
});

export const vote = createRoute({
  method: 'post',
  path: '/vote',
  tags,
  summary: 'Vote for an option, or move one’s vote to it (one vote per person; docs/decisions/005-votes.md)',
  request: {
    body: {
      content: { 'application/json': { schema: z.object({ entryId, optionId: z.string().max(64) }) } },
      required: true,
    },
  },
  responses: { ...okResponse(voteResultsSchema), ...errorResponses(400, 401, 404) },
});

export const attenders = createRoute({
  method: 'get',
  path: '/get_attender',
  tags,
  summary: `The people who voted, newest first, ${PAGE_SIZE.attenders} a page (zero-based page up to ${ATTENDER_PAGE_MAX}, or the pointer as before)`,
  request: {
    query: z.object({
      entryId,
      page: pageNumberSchema(ATTENDER_PAGE_MAX),
      pageSize: limitSchema(PAGE_SIZE.attenders),
      before: pointerSchema,
      src: z.string().optional(),
    }),
  },
  responses: { ...okResponse(attendersSchema), ...errorResponses(400, 404) },
});
