import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './profiles.routes.ts';
import { listUserLog } from './profiles.service.ts';

/** The `user` service's profile calls. */
export const profileApi = createApi().openapi(routes.getUserLog, async (c) => {
  return ok(c, await listUserLog(c.get('ctx'), c.req.valid('query')));
});
