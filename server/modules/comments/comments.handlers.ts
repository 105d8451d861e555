import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './comments.routes.ts';
import {
  createComment,
  deleteComment,
  getCommentThread,
  getCommentsByIds,
  listComments,
  setCommentLike,
} from './comments.service.ts';

export const commentApi = createApi()
  .openapi(routes.createComment, async (c) => {
    return ok(c, await createComment(c.get('ctx'), c.req.valid('json')));
  })
  .openapi(routes.commentsByIds, async (c) => {
    return ok(c, { comments: await getCommentsByIds(c.get('ctx'), c.req.valid('query').idList) });
  })
  .openapi(routes.listComments, async (c) => {
    const { targetType, id } = c.req.valid('param');
    return ok(c, await listComments(c.get('ctx'), { targetType, targetId: id, ...c.req.valid('query') }));
  })
  .openapi(routes.commentThread, async (c) => {
    return ok(c, await getCommentThread(c.get('ctx'), { ...c.req.valid('param'), ...c.req.valid('query') }));
  })
  .openapi(routes.likeComment, async (c) => {
    return ok(c, await setCommentLike(c.get('ctx'), { commentId: c.req.valid('param').id, like: true }));
  })
  .openapi(routes.unlikeComment, async (c) => {
    return ok(c, await setCommentLike(c.get('ctx'), { commentId: c.req.valid('param').id, like: false }));
  })
  .openapi(routes.deleteComment, async (c) => {
    return ok(c, await deleteComment(c.get('ctx'), c.req.valid('param').id));
  });
