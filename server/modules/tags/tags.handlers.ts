import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './tags.routes.ts';
import {
  getSubscribeStatus,
  getTagByTitle,
  listCategories,
  listSubscribedTags,
  listTags,
  setTagSubscribed,
  suggestTags,
} from './tags.service.ts';

export const tagApi = createApi()
  .openapi(routes.categoriesRoute, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, { categoryList: await listCategories(ctx) });
  })
  .openapi(routes.searchTags, async (c) => {
    const { type, query, page, pageSize } = c.req.valid('param');
    const { db, viewer } = c.get('ctx');
    return ok(c, await listTags({ db }, { order: type, query, page, pageSize, viewer }));
  })
  .openapi(routes.listTags, async (c) => {
    const { type, page, pageSize } = c.req.valid('param');
    const { db, viewer } = c.get('ctx');
    return ok(c, await listTags({ db }, { order: type, page, pageSize, viewer }));
  })
  .openapi(routes.suggestTags, async (c) => {
    const { suggestType, page, pageSize } = c.req.valid('param');
    const { db, viewer } = c.get('ctx');
    const { category } = c.req.valid('query');
    return ok(c, await suggestTags({ db }, { type: suggestType, category, page, pageSize, viewer }));
  })
  .openapi(routes.userSubscribedTags, async (c) => {
    const { id } = c.req.valid('param');
    const { page, pageSize } = c.req.valid('query');
    const { db, viewer } = c.get('ctx');
    return ok(c, await listSubscribedTags({ db }, { userId: id, page, pageSize, viewer }));
  })
  .openapi(routes.subscribeCodeStatus, async (c) =>
    ok(c, await getSubscribeStatus({ db: c.get('ctx').db }, c.req.valid('param').id)),
  )
  .openapi(routes.tagByTitle, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await getTagByTitle(ctx, c.req.valid('param').title));
  })
  .openapi(routes.subscribeTag, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await setTagSubscribed({ db }, { viewer, tagId: c.req.valid('param').id, subscribed: true }));
  })
  .openapi(routes.unsubscribeTag, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await setTagSubscribed({ db }, { viewer, tagId: c.req.valid('param').id, subscribed: false }));
  });
