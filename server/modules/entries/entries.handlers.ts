import type { EntrySort } from '@core/constants.ts';
import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import type { RequestContext } from '../../http/context.ts';
import * as routes from './entries.routes.ts';
import type { EntryListQuery } from './entries.schemas.ts';
import { getEntriesByIds, getEntry, listEntries } from './entries.service.ts';

function feed(ctx: RequestContext, query: EntryListQuery, sort: EntrySort) {
  return listEntries(ctx.db, {
    category: query.category,
    sort,
    type: query.type,
    before: query.before,
    limit: query.limit,
    viewer: ctx.viewer,
  });
}

export const timelineApi = createApi()
  .openapi(routes.byRank, async (c) => ok(c, await feed(c.get('ctx'), c.req.valid('query'), 'popular')))
  .openapi(routes.byTimeline, async (c) => ok(c, await feed(c.get('ctx'), c.req.valid('query'), 'newest')))
  .openapi(routes.byComment, async (c) => ok(c, await feed(c.get('ctx'), c.req.valid('query'), 'comment')))
  .openapi(routes.byHot, async (c) => ok(c, await feed(c.get('ctx'), c.req.valid('query'), 'hottest')))
  .openapi(routes.byPeriod, async (c) => {
    const query = c.req.valid('query');
    return ok(c, await feed(c.get('ctx'), query, query.period === 'month' ? 'monthlyHottest' : 'weeklyHottest'));
  })
  .openapi(routes.byIds, async (c) => {
    const ids = c.req.valid('query').entryIds;
    const { db, viewer } = c.get('ctx');
    return ok(c, { entrylist: await getEntriesByIds(db, ids, viewer) });
  });

export const postApi = createApi().openapi(routes.getEntry, async (c) => {
  const { db, viewer } = c.get('ctx');
  return ok(c, await getEntry(db, c.req.valid('query').entryId, viewer));
});
