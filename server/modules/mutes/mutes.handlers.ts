import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './mutes.routes.ts';
import { listMutes, muteTarget, unmuteTarget } from './mutes.service.ts';

/** The `user` service's mute calls (beyond the spec). */
export const muteApi = createApi()
  .openapi(routes.mute, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await muteTarget(ctx, c.req.valid('json')));
  })
  .openapi(routes.unmute, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await unmuteTarget(ctx, c.req.valid('json')));
  })
  .openapi(routes.listMutes, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await listMutes(ctx, c.req.valid('query').targetType));
  });
