import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './admin.routes.ts';
import { getDashboard, setSuspension } from './admin.service.ts';

/** /api/admin: the console's own calls (dashboard, suspension). */
export const adminApi = createApi()
  .openapi(routes.getDashboard, async (c) => ok(c, await getDashboard(c.get('ctx').db)))
  .openapi(routes.suspend, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await setSuspension(db, viewer, c.req.valid('json')));
  });
