import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { PRIVATE_NO_STORE } from '@core/cache-control.ts';
import type { AppEnv } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { requestCookie, requestHeader } from '../../http/headers.ts';
import { createApi } from '../../http/openapi.ts';
import { clientIp, SUID_COOKIE, SUID_COOKIE_OPTIONS } from '../../http/request-context.ts';
import * as routes from './tracking.routes.ts';
import {
  recordBehaviour,
  recordExtensionEvent,
  recordListStat,
  recordPageView,
  type TrackingClient,
  visitorId,
} from './tracking.service.ts';

function client(c: Context<AppEnv>): TrackingClient {
  return { ip: clientIp(c), page: requestHeader(c, 'referer') };
}

export const trackApi = createApi()
  .openapi(routes.genSuid, (c) => {
    const ctx = c.get('ctx');
    const cookie = requestCookie(c, SUID_COOKIE);
    const existingSuid = cookie && /^[0-9a-f]{24}$/.test(cookie) ? cookie : null;
    const answer = visitorId({ isBot: ctx.isBot, existingSuid, issue: () => ctx.suid }, c.req.valid('query').suid);
    if (answer.restored && answer.suid) setCookie(c, SUID_COOKIE, answer.suid, SUID_COOKIE_OPTIONS);
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return ok(c, { suid: answer.suid });
  })
  .openapi(routes.punch, async (c) =>
    ok(c, await recordPageView(c.get('ctx'), { client: client(c), input: c.req.valid('query') })),
  )
  .openapi(routes.log, async (c) => {
    const { entryList, ...rest } = c.req.valid('query');
    return ok(
      c,
      await recordListStat(c.get('ctx'), { client: client(c), kind: 'log', input: { entryIds: entryList, ...rest } }),
    );
  })
  .openapi(routes.collector, async (c) => {
    const { entryList, ...rest } = c.req.valid('query');
    return ok(
      c,
      await recordListStat(c.get('ctx'), {
        client: client(c),
        kind: 'collector',
        input: { entryIds: entryList, ...rest },
      }),
    );
  })
  .openapi(routes.event, async (c) =>
    ok(c, await recordBehaviour(c.get('ctx'), { client: client(c), input: c.req.valid('json') })),
  )
  .openapi(routes.extension, async (c) =>
    ok(c, await recordExtensionEvent(c.get('ctx'), { client: client(c), input: c.req.valid('json') })),
  );
