import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './admin.routes.ts';
import { getDashboard, listPeople, setPersonFlags, setSuspension } from './admin.service.ts';

/** /api/admin: the console's own calls (dashboard, suspension, people). */
export const adminApi = createApi()
  .openapi(routes.getDashboard, async (c) => ok(c, await getDashboard(c.get('ctx'))))
  .openapi(routes.suspend, async (c) => ok(c, await setSuspension(c.get('ctx'), c.req.valid('json'))))
  .openapi(routes.listPeople, async (c) => ok(c, await listPeople(c.get('ctx'), c.req.valid('query'))))
  .openapi(routes.setPerson, async (c) => ok(c, await setPersonFlags(c.get('ctx'), c.req.valid('json'))));
