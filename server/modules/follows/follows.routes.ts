import { createRoute } from '@hono/zod-openapi';
import { idListSchema } from '@core/inputs.ts';
import { errorResponses, okResponse, z } from '../../http/openapi.ts';
import { idSchema } from '../../http/openapi.ts';
import { followUserSchema } from './people.schemas.ts';

const idsSchema = idListSchema();

const followBody = {
  required: true,
  content: { 'application/json': { schema: z.object({ follower: idSchema, followee: idsSchema }) } },
};
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
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
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

const muteBody = {
  required: true,
  content: {
    'application/json': { schema: z.object({ targetType: z.enum(['user', 'tag']), targetId: idSchema }) },
  },
};
const muteResult = z.object({ muted: z.boolean(), targetType: z.enum(['user', 'tag']), targetId: z.string() });

export const mute = createRoute({
  method: 'post',
  path: '/mute',
  tags: ['user'],
  summary: 'Mute a person or a tag (beyond the spec): their content leaves the viewer’s lists',
  request: { body: muteBody },
  responses: { ...okResponse(muteResult), ...errorResponses(400, 401, 404) },
});

export const unmute = createRoute({
  method: 'post',
  path: '/unmute',
  tags: ['user'],
  summary: 'Unmute a person or a tag',
  request: { body: muteBody },
  responses: { ...okResponse(muteResult), ...errorResponses(400, 401) },
});

export const listMutes = createRoute({
  method: 'get',
  path: '/mutes',
  tags: ['user'],
  summary: 'The viewer’s mutes, newest first',
  request: { query: z.object({ targetType: z.enum(['user', 'tag']).optional() }) },
  responses: {
    ...okResponse(z.object({ list: z.array(z.record(z.string(), z.unknown())) })),
    ...errorResponses(401),
  },
});
