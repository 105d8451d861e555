import { PAGE_SIZE } from '@core/constants.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './entries.read.routes.ts';
import { InvalidSortError, parseEntrySort } from './entries.schemas.ts';
import {
  getDetailData,
  listRecommendedEntries,
  listRelatedEntriesOf,
  listTagEntries,
  listUserEntries,
} from './entries.service.ts';
import type { EntrySort } from '@core/constants.ts';

/** SPEC §5: a sort outside the six keys is a 400 'invalid sort: {value}'. */
function sortOf(value: string | undefined, fallback: EntrySort): EntrySort {
  try {
    return parseEntrySort(value, fallback);
  } catch (error) {
    if (error instanceof InvalidSortError) throw badRequest(error.message);
    throw error;
  }
}

/** The read calls of the timeline service beyond the category feeds (SPEC §7.3). */
export const timelineReadApi = createApi()
  .openapi(routes.bySelf, async (c) => {
    const query = c.req.valid('query');
    const { db, viewer } = c.get('ctx');
    return ok(
      c,
      await listUserEntries(db, {
        userId: query.targetUid,
        type: query.type,
        sort: sortOf(query.order, 'newest'),
        before: query.before,
        limit: query.limit,
        viewer,
      }),
    );
  })
  .openapi(routes.related, async (c) => {
    const { entryId, limit } = c.req.valid('query');
    const { db, viewer } = c.get('ctx');
    return ok(c, { entrylist: await listRelatedEntriesOf(db, { entryId, limit, viewer }) });
  })
  .openapi(routes.byTag, async (c) => {
    const query = c.req.valid('query');
    const { db, viewer } = c.get('ctx');
    return ok(
      c,
      await listTagEntries(db, {
        tagId: query.tagId,
        sort: sortOf(query.sort, 'hottest'),
        before: query.before,
        page: query.page,
        limit: query.pageSize,
        viewer,
      }),
    );
  })
  .openapi(routes.recommended, async (c) => {
    const { before } = c.req.valid('query');
    const { db, viewer } = c.get('ctx');
    return ok(c, await listRecommendedEntries(db, { before, limit: PAGE_SIZE.recommendedEntries, viewer }));
  });

export const postReadApi = createApi().openapi(routes.detailData, async (c) => {
  const { type, postId } = c.req.valid('query');
  const { db, viewer } = c.get('ctx');
  return ok(c, await getDetailData(db, { type, postId, viewer }));
});
