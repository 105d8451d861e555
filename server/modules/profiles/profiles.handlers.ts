import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './profiles.routes.ts';
import { listUserLog } from './profiles.service.ts';

/** The `user` service's profile calls. */
export const profileApi = createApi().openapi(routes.getUserLog, async (c) => {
  const { db, viewer } = c.get('ctx');
  return ok(c, await listUserLog(db, viewer, c.req.valid('query')));
});
