import { createRoute } from '@hono/zod-openapi';
import { limitSchema, pageNumberSchema, pointerSchema } from '@core/inputs.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import { errorResponses, okResponse, z } from '../../http/openapi.ts';
import { entryListSchema } from '../entries/entries.schemas.ts';
import { userBriefSchema } from '../users/users.schemas.ts';

const tags = ['like'];
const idParam = z.object({ id: z.string().max(64) });
const likeState = z.object({ like: z.boolean(), likeCount: z.number() }).openapi('LikeState');
const stateResponses = { ...okResponse(likeState), ...errorResponses(400, 401, 404) };

export const like = createRoute({
  method: 'put',
  path: '/user/like/entry/{id}',
  tags,
  summary: 'Like an entry',
  request: { params: idParam },
  responses: stateResponses,
});

export const unlike = createRoute({
  method: 'delete',
  path: '/user/like/entry/{id}',
  tags,
  summary: 'Unlike an entry',
  request: { params: idParam },
  responses: stateResponses,
});

export const getState = createRoute({
  method: 'get',
  path: '/user/like/entry/{id}',
  tags,
  summary: 'Whether the viewer likes an entry',
  request: { params: idParam },
  responses: stateResponses,
});

export const likedEntries = createRoute({
  method: 'get',
  path: '/user/{id}/like/entry',
  tags,
  summary: 'The entries a user liked, newest like first (keyset: pass pointer back as before)',
  request: {
    params: idParam,
    query: z.object({
      before: pointerSchema,
      limit: limitSchema(PAGE_SIZE.feed),
      src: z.string().optional(),
    }),
  },
  responses: { ...okResponse(entryListSchema), ...errorResponses(400, 404) },
});

const likerSchema = userBriefSchema.extend({ isFollow: z.boolean(), likedAt: z.string() }).openapi('Liker');

export const likersSchema = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  userList: z.array(likerSchema),
});

export const likers = createRoute({
  method: 'get',
  path: '/entry/{id}/user',
  tags,
  summary: 'The people who liked an entry (zero-based pages); each carries isFollow for the viewer',
  request: {
    params: idParam,
    query: z.object({
      page: pageNumberSchema(),
      pageSize: limitSchema(PAGE_SIZE.likers),
      src: z.string().optional(),
    }),
  },
  responses: { ...okResponse(likersSchema), ...errorResponses(400, 404) },
});
