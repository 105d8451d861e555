import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './collections.routes.ts';
import {
  createCollection,
  deleteCollection,
  getCollection,
  isInMyCollections,
  listCollectionEntries,
  listFollowedCollections,
  listHomeCollections,
  listHotTags,
  listMyCollectionsFor,
  listSuggestedCollections,
  listUserCollections,
  recordCounterEvent,
  setCollectionEntry,
  setCollectionFollow,
  updateCollection,
} from './collections.service.ts';

export const collectionApi = createApi()
  .openapi(routes.createCollection, async (c) => ok(c, await createCollection(c.get('ctx'), c.req.valid('json'))))
  .openapi(routes.updateCollection, async (c) =>
    ok(c, await updateCollection(c.get('ctx'), { id: c.req.valid('param').id, input: c.req.valid('json') })),
  )
  .openapi(routes.deleteCollection, async (c) => {
    const ctx = c.get('ctx');
    await deleteCollection(ctx, c.req.valid('param').id);
    return ok(c, null);
  })
  .openapi(routes.follow, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await setCollectionFollow(ctx, { id: c.req.valid('json').csId, follow: true }));
  })
  .openapi(routes.unfollow, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await setCollectionFollow(ctx, { id: c.req.valid('json').csId, follow: false }));
  })
  .openapi(routes.isInMyCollectionSet, async (c) => {
    const ctx = c.get('ctx');
    const ids = c.req.valid('query').entryIds;
    return ok(c, { items: await isInMyCollections(ctx, ids) });
  })
  .openapi(routes.addEntry, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await setCollectionEntry(ctx, { ...c.req.valid('json'), add: true }));
  })
  .openapi(routes.delEntry, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await setCollectionEntry(ctx, { ...c.req.valid('json'), add: false }));
  })
  .openapi(routes.homeCollectionSet, async (c) => {
    const ctx = c.get('ctx');
    const query = c.req.valid('query');
    return ok(
      c,
      await listHomeCollections(ctx, {
        page: query.page,
        recommend: query.recommend === '1' || query.recommend === 'true',
        rankType: query.rankType,
        tag: query.tag,
      }),
    );
  })
  .openapi(routes.getCollectionSetEntries, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await listCollectionEntries(ctx, c.req.valid('query')));
  })
  .openapi(routes.getFollowedCollectionSet, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await listFollowedCollections(ctx, c.req.valid('query')));
  })
  .openapi(routes.getUserCollectionSet, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await listUserCollections(ctx, c.req.valid('query')));
  })
  .openapi(routes.getMyCollectionSetFor, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await listMyCollectionsFor(ctx, { id: c.req.valid('param').id, ...c.req.valid('query') }));
  })
  .openapi(routes.getHotTags, async (c) =>
    ok(c, await listHotTags({ db: c.get('ctx').db }, c.req.valid('query').count)),
  )
  .openapi(routes.getCollectionSetInfo, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await getCollection(ctx, c.req.valid('query').csId));
  })
  .openapi(routes.getSuggestCollectionSetInfo, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, { collectionSets: await listSuggestedCollections(ctx, c.req.valid('query')) });
  })
  .openapi(routes.incr, async (c) => {
    const ctx = c.get('ctx');
    const body = c.req.valid('form');
    return ok(
      c,
      await recordCounterEvent(ctx, {
        num: body.num as 1 | -1,
        event: body.event,
        csId: body.csId,
        src: body.src,
        location: c.req.header('referer') ?? '',
      }),
    );
  });
