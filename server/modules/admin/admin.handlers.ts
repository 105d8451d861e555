import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './admin.routes.ts';
import { getDashboard } from './admin.service.ts';

/** /api/admin: the console's own calls (dashboard, people). */
export const adminApi = createApi().openapi(routes.getDashboard, async (c) =>
  ok(c, await getDashboard(c.get('ctx').db)),
);
