import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './likes.routes.ts';
import { getLikeState, likeEntry, listEntryLikers, listLikedEntries, unlikeEntry } from './likes.service.ts';

export const likeApi = createApi()
  .openapi(routes.like, async (c) => ok(c, await likeEntry(c.get('ctx'), c.req.valid('param').id)))
  .openapi(routes.unlike, async (c) => ok(c, await unlikeEntry(c.get('ctx'), c.req.valid('param').id)))
  .openapi(routes.getState, async (c) => ok(c, await getLikeState(c.get('ctx'), c.req.valid('param').id)))
  .openapi(routes.likedEntries, async (c) => {
    const { db, viewer } = c.get('ctx');
    const query = c.req.valid('query');
    return ok(
      c,
      await listLikedEntries(
        { db },
        { userId: c.req.valid('param').id, before: query.before, limit: query.limit, viewer },
      ),
    );
  })
  .openapi(routes.likers, async (c) => {
    const { db, viewer } = c.get('ctx');
    const query = c.req.valid('query');
    return ok(
      c,
      await listEntryLikers(
        { db },
        {
          entryId: c.req.valid('param').id,
          page: query.page,
          pageSize: query.pageSize,
          viewer,
        },
      ),
    );
  });
