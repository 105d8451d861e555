import { createRoute } from '@hono/zod-openapi';
import { limitSchema, pointerSchema } from '@core/inputs.ts';
import { LIMITS, PAGE_SIZE } from '@core/constants.ts';
import { errorResponses, idSchema, okResponse, z, jsonBody } from '../../http/openapi.ts';
import { commentListSchema, listQuerySchema, threadQuerySchema, threadSchema } from '../comments/comments.schemas.ts';
import { userBriefSchema } from '../users/users.schemas.ts';
import { PIN_MESSAGES, tooManyImagesMessage } from '@core/validation.ts';

const tags = ['pin'];

export const pinSchema = z
  .object({
    id: z.string(),
    user: userBriefSchema,
    content: z.string(),
    imageUrlList: z.array(z.string()),
    liked: z.boolean(),
    likeCount: z.number(),
    commentCount: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Pin');

const msgIdBody = jsonBody(z.object({ msgId: idSchema }));

export const publish = createRoute({
  method: 'post',
  path: '/publish',
  tags,
  summary: 'Publish a pin: content and up to 9 images (uploaded with purpose pin)',
  request: {
    body: jsonBody(
      z.object({
        content: z.string({ error: PIN_MESSAGES.empty }).trim().min(1, PIN_MESSAGES.empty),
        picList: z
          .array(z.string().max(500))
          .max(LIMITS.pinMaxImages, tooManyImagesMessage(LIMITS.pinMaxImages))
          .optional(),
      }),
    ),
  },
  responses: { ...okResponse(pinSchema), ...errorResponses(400, 401, 429) },
});

export const remove = createRoute({
  method: 'post',
  path: '/delete',
  tags,
  summary: 'Delete a pin (its author or an admin)',
  request: { body: msgIdBody },
  responses: { ...okResponse(z.object({ msgId: z.string() })), ...errorResponses(400, 401, 403, 404) },
});

export const list = createRoute({
  method: 'get',
  path: '/list',
  tags,
  summary: 'The pin feed: newest, hot or following (signed in); keyset pointer',
  request: {
    query: z.object({
      sort: z.enum(['newest', 'hot', 'following']).default('newest'),
      before: pointerSchema,
      limit: limitSchema(PAGE_SIZE.feed, 50),
      uid: idSchema.optional(),
    }),
  },
  responses: {
    ...okResponse(z.object({ pins: z.array(pinSchema), pointer: z.string().nullable() })),
    ...errorResponses(400, 401),
  },
});

export const getById = createRoute({
  method: 'get',
  path: '/getByID',
  tags,
  summary: 'One pin',
  request: { query: z.object({ msgId: idSchema }) },
  responses: { ...okResponse(pinSchema), ...errorResponses(400, 404) },
});

function likeRoute(path: '/like' | '/unlike', summary: string) {
  return createRoute({
    method: 'post',
    path,
    tags,
    summary,
    request: { body: msgIdBody },
    responses: {
      ...okResponse(z.object({ liked: z.boolean(), likeCount: z.number() })),
      ...errorResponses(400, 401, 404),
    },
  });
}

export const like = likeRoute('/like', 'Like a pin (msgId)');
export const unlike = likeRoute('/unlike', 'Unlike a pin (msgId)');

export const comments = createRoute({
  method: 'get',
  path: '/comments/{pinId}',
  tags,
  summary: 'Comments of a pin (rankType new with createdAt, or hot with pageNum)',
  request: { params: z.object({ pinId: idSchema }), query: listQuerySchema },
  responses: { ...okResponse(commentListSchema), ...errorResponses(400, 404) },
});

export const replies = createRoute({
  method: 'get',
  path: '/reply/{commentId}',
  tags,
  summary: 'Replies under a pin comment (pageNum, pageSize)',
  request: { params: z.object({ commentId: idSchema }), query: threadQuerySchema },
  responses: { ...okResponse(threadSchema), ...errorResponses(400, 404) },
});
