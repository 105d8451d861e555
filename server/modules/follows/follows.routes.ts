import { createRoute } from '@hono/zod-openapi';
import { idListSchema, limitSchema, pointerSchema } from '@core/inputs.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import { errorResponses, okResponse, z, jsonBody } from '../../http/openapi.ts';
import { idSchema } from '../../http/openapi.ts';
import { followUserSchema } from './follows.schemas.ts';

const idsSchema = idListSchema();

const followBody = jsonBody(z.object({ follower: idSchema, followee: idsSchema }));
const followResult = z.object({
  followed: z.boolean(),
  added: z.array(z.string()).optional(),
  removed: z.array(z.string()).optional(),
  followingCount: z.number(),
});

export const follow = createRoute({
  method: 'post',
  path: '/follow',
  tags: ['follow'],
  summary: 'Follow one person or many (followee ids joined by a bar); follower must be the viewer',
  request: { body: followBody },
  responses: { ...okResponse(followResult), ...errorResponses(400, 401, 403, 404) },
});

export const unfollow = createRoute({
  method: 'post',
  path: '/unfollow',
  tags: ['follow'],
  summary: 'Unfollow (follower must be the viewer)',
  request: { body: followBody },
  responses: { ...okResponse(followResult), ...errorResponses(400, 401, 403, 404) },
});

export const isCurrentUserFollowed = createRoute({
  method: 'get',
  path: '/isCurrentUserFollowed',
  tags: ['follow'],
  summary: '{ [uid]: followed } for the viewer (currentUid, if given, must be the viewer)',
  request: { query: z.object({ currentUid: idSchema.optional(), targetUids: idsSchema }) },
  responses: { ...okResponse(z.record(z.string(), z.boolean())), ...errorResponses(400, 403) },
});

const listQuery = z.object({
  uid: idSchema,
  currentUid: idSchema.optional(),
  before: pointerSchema,
  limit: limitSchema(PAGE_SIZE.users, 50),
});
const listResult = z.object({ list: z.array(followUserSchema), pointer: z.string().nullable() });

export const followerList = createRoute({
  method: 'get',
  path: '/getUserFollowerList',
  tags: ['follow'],
  summary: 'People who follow uid, newest first (before cursor)',
  request: { query: listQuery },
  responses: { ...okResponse(listResult), ...errorResponses(400, 404) },
});

export const followeeList = createRoute({
  method: 'get',
  path: '/getUserFolloweeList',
  tags: ['follow'],
  summary: 'People uid follows, newest first (before cursor)',
  request: { query: listQuery },
  responses: { ...okResponse(listResult), ...errorResponses(400, 404) },
});

export const followInfo = createRoute({
  method: 'get',
  path: '/getUserFollowInfo',
  tags: ['follow'],
  summary: 'followerNum and followeeNum of uid',
  request: { query: z.object({ uid: idSchema }) },
  responses: {
    ...okResponse(z.object({ followerNum: z.number(), followeeNum: z.number() })),
    ...errorResponses(400, 404),
  },
});

export const getByTag = createRoute({
  method: 'get',
  path: '/getByTag',
  tags: ['suggest'],
  summary: 'Four random people to follow who write in a category (tag = category name; default product)',
  request: { query: z.object({ tag: z.string().max(40).optional(), t: z.string().optional() }) },
  responses: {
    ...okResponse(
      z.object({ category: z.object({ name: z.string(), title: z.string() }), list: z.array(followUserSchema) }),
    ),
    ...errorResponses(404),
  },
});

export const getMultiUser = createRoute({
  method: 'get',
  path: '/get_multi_user',
  tags: ['user'],
  summary: 'Public fields of several people (ids joined by a pipe; cols joined by a pipe)',
  request: { query: z.object({ ids: idsSchema, cols: z.string().max(500).optional() }) },
  responses: { ...okResponse(z.record(z.string(), z.record(z.string(), z.unknown()))), ...errorResponses(400) },
});
