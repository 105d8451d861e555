import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import { enforceNewAccountLimits } from '../trust/trust.service.ts';
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
    const ctx = c.get('ctx');
    const input = c.req.valid('json');
    await enforceNewAccountLimits(ctx, 'comment', { content: input.content });
    return ok(c, await createComment(ctx.db, ctx.viewer, input));
  })
  .openapi(routes.commentsByIds, async (c) => {
    const ids = c.req.valid('query').idList;
    const { db, viewer } = c.get('ctx');
    return ok(c, { comments: await getCommentsByIds(db, ids, viewer) });
  })
  .openapi(routes.listComments, async (c) => {
    const { db, viewer } = c.get('ctx');
    const { targetType, id } = c.req.valid('param');
    return ok(c, await listComments(db, viewer, { targetType, targetId: id, ...c.req.valid('query') }));
  })
  .openapi(routes.commentThread, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await getCommentThread(db, viewer, { ...c.req.valid('param'), ...c.req.valid('query') }));
  })
  .openapi(routes.likeComment, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await setCommentLike(db, viewer, c.req.valid('param').id, true));
  })
  .openapi(routes.unlikeComment, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await setCommentLike(db, viewer, c.req.valid('param').id, false));
  })
  .openapi(routes.deleteComment, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await deleteComment(db, viewer, c.req.valid('param').id));
  });
