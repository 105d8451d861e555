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
    ok(c, await updateCollection(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .openapi(routes.deleteCollection, async (c) => {
    const { db, viewer } = c.get('ctx');
    await deleteCollection(db, viewer, c.req.valid('param').id);
    return ok(c, null);
  })
  .openapi(routes.follow, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await setCollectionFollow(db, viewer, c.req.valid('json').csId, true));
  })
  .openapi(routes.unfollow, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await setCollectionFollow(db, viewer, c.req.valid('json').csId, false));
  })
  .openapi(routes.isInMyCollectionSet, async (c) => {
    const { db, viewer } = c.get('ctx');
    const ids = c.req.valid('query').entryIds;
    return ok(c, { items: await isInMyCollections(db, viewer, ids) });
  })
  .openapi(routes.addEntry, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await setCollectionEntry(db, viewer, { ...c.req.valid('json'), add: true }));
  })
  .openapi(routes.delEntry, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await setCollectionEntry(db, viewer, { ...c.req.valid('json'), add: false }));
  })
  .openapi(routes.homeCollectionSet, async (c) => {
    const { db, viewer } = c.get('ctx');
    const query = c.req.valid('query');
    return ok(
      c,
      await listHomeCollections(db, viewer, {
        page: query.page,
        recommend: query.recommend === '1' || query.recommend === 'true',
        rankType: query.rankType,
        tag: query.tag,
      }),
    );
  })
  .openapi(routes.getCollectionSetEntries, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await listCollectionEntries(db, viewer, c.req.valid('query')));
  })
  .openapi(routes.getFollowedCollectionSet, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await listFollowedCollections(db, viewer, c.req.valid('query')));
  })
  .openapi(routes.getUserCollectionSet, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await listUserCollections(db, viewer, c.req.valid('query')));
  })
  .openapi(routes.getMyCollectionSetFor, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await listMyCollectionsFor(db, viewer, { id: c.req.valid('param').id, ...c.req.valid('query') }));
  })
  .openapi(routes.getHotTags, async (c) => ok(c, await listHotTags(c.get('ctx').db, c.req.valid('query').count)))
  .openapi(routes.getCollectionSetInfo, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await getCollection(db, c.req.valid('query').csId, viewer));
  })
  .openapi(routes.getSuggestCollectionSetInfo, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, { collectionSets: await listSuggestedCollections(db, viewer, c.req.valid('query')) });
  })
  .openapi(routes.incr, async (c) => {
    const { db, viewer } = c.get('ctx');
    const body = c.req.valid('form');
    return ok(
      c,
      await recordCounterEvent(db, viewer, {
        num: body.num as 1 | -1,
        event: body.event,
        csId: body.csId,
        src: body.src,
        location: c.req.header('referer') ?? '',
      }),
    );
  });
