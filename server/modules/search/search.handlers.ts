import { PAGE_SIZE } from '@core/constants.ts';
import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './search.routes.ts';
import { searchEntries } from './search.service.ts';

/** Mounted under the timeline service: GET /api/timeline/search. */
export const searchApi = createApi().openapi(routes.search, async (c) => {
  const { query, page } = c.req.valid('query');
  const { total, estimated, idList } = await searchEntries(c.get('ctx'), { query, page, pageSize: PAGE_SIZE.search });
  return ok(c, { total, estimated, idList });
});
