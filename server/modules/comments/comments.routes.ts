import { idListSchema } from '@core/inputs.ts';
import { createRoute } from '@hono/zod-openapi';
import { errorResponses, idSchema, okResponse, z, jsonBody } from '../../http/openapi.ts';
import {
  commentListSchema,
  commentSchema,
  createCommentBodySchema,
  likeResultSchema,
  listQuerySchema,
  targetTypeSchema,
  threadQuerySchema,
  threadSchema,
} from './comments.schemas.ts';

const tags = ['comment'];

export const createComment = createRoute({
  method: 'post',
  path: '/comment',
  tags,
  summary: 'Submit a comment, or a reply with firstComment and respComment; returns commentId',
  request: { body: jsonBody(createCommentBodySchema) },
  responses: {
    ...okResponse(z.object({ commentId: z.string(), comment: commentSchema })),
    ...errorResponses(400, 401, 404, 429),
  },
});

export const commentsByIds = createRoute({
  method: 'get',
  path: '/comments',
  tags,
  summary: 'Comments by id (idList joined by a pipe), in the order given',
  request: { query: z.object({ idList: idListSchema() }) },
  responses: { ...okResponse(z.object({ comments: z.array(commentSchema) })), ...errorResponses(400) },
});

export const listComments = createRoute({
  method: 'get',
  path: '/comments/{targetType}/{id}',
  tags,
  summary: 'First-level comments of an entry (pin, repo, section) with their top replies',
  request: { params: z.object({ targetType: targetTypeSchema, id: idSchema }), query: listQuerySchema },
  responses: { ...okResponse(commentListSchema), ...errorResponses(400, 404) },
});

export const commentThread = createRoute({
  method: 'get',
  path: '/comments/{targetType}/{targetId}/comment/{commentId}',
  tags,
  summary: 'One comment with a page of its replies',
  request: {
    params: z.object({ targetType: targetTypeSchema, targetId: idSchema, commentId: idSchema }),
    query: threadQuerySchema,
  },
  responses: { ...okResponse(threadSchema), ...errorResponses(400, 404) },
});

function likeRoute(method: 'put' | 'delete', summary: string) {
  return createRoute({
    method,
    path: '/comment/{id}/like',
    tags,
    summary,
    request: { params: z.object({ id: idSchema }) },
    responses: { ...okResponse(likeResultSchema), ...errorResponses(400, 401, 404) },
  });
}

export const likeComment = likeRoute('put', 'Like a comment');
export const unlikeComment = likeRoute('delete', 'Unlike a comment');

export const deleteComment = createRoute({
  method: 'delete',
  path: '/comment/{id}',
  tags,
  summary: 'Delete a comment (its author or an admin); replies stay under 此评论已删除',
  request: { params: z.object({ id: idSchema }) },
  responses: { ...okResponse(z.object({ commentId: z.string() })), ...errorResponses(401, 403, 404) },
});
