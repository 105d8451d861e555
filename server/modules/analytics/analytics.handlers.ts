import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './analytics.routes.ts';
import { getAuthorAnalytics } from './analytics.service.ts';

export const analyticsApi = createApi().openapi(routes.author, async (c) => {
  const ctx = c.get('ctx');
  return ok(c, await getAuthorAnalytics(ctx, c.req.valid('query')));
});
