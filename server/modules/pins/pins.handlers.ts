import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { createApi } from '../../http/openapi.ts';
import { getCommentThread, listComments } from '../comments/comments.service.ts';
import * as routes from './pins.routes.ts';
import { deletePin, getPin, listPins, publishPin, setPinLike } from './pins.service.ts';

export const pinApi = createApi()
  .openapi(routes.publish, async (c) => {
    return ok(c, await publishPin(c.get('ctx'), c.req.valid('json')));
  })
  .openapi(routes.remove, async (c) => {
    return ok(c, await deletePin(c.get('ctx'), c.req.valid('json').msgId));
  })
  .openapi(routes.list, async (c) => {
    const { sort, before, limit, uid } = c.req.valid('query');
    return ok(c, await listPins(c.get('ctx'), { sort, before, limit, userId: uid }));
  })
  .openapi(routes.getById, async (c) => {
    return ok(c, await getPin(c.get('ctx'), c.req.valid('query').msgId));
  })
  .openapi(routes.like, async (c) => {
    return ok(c, await setPinLike(c.get('ctx'), { pinId: c.req.valid('json').msgId, like: true }));
  })
  .openapi(routes.unlike, async (c) => {
    return ok(c, await setPinLike(c.get('ctx'), { pinId: c.req.valid('json').msgId, like: false }));
  })
  .openapi(routes.comments, async (c) => {
    const targetId = c.req.valid('param').pinId;
    return ok(c, await listComments(c.get('ctx'), { targetType: 'pin', targetId, ...c.req.valid('query') }));
  })
  .openapi(routes.replies, async (c) => {
    const thread = await getCommentThread(c.get('ctx'), {
      commentId: c.req.valid('param').commentId,
      ...c.req.valid('query'),
    });
    if (thread.comment.targetType !== 'pin') throw notFound('评论不存在');
    return ok(c, thread);
  });
