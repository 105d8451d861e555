import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './analytics.routes.ts';
import { getAuthorAnalytics } from './analytics.service.ts';

export const analyticsApi = createApi().openapi(routes.author, async (c) => {
  const { db, viewer } = c.get('ctx');
  return ok(c, await getAuthorAnalytics({ db, viewer }, c.req.valid('query')));
});
