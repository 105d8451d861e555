import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './mailings.routes.ts';
import { unsubscribeByToken } from './mailings.service.ts';

/** The `mail` service's unsubscribe link (mounted beside the toggles of SPEC §7.7). */
export const unsubscribeApi = createApi().openapi(routes.unsubscribe, async (c) => {
  const { db, env } = c.get('ctx');
  return ok(c, await unsubscribeByToken({ db, env }, c.req.valid('query').token));
});
