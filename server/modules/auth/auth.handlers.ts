import { deleteCookie, getCookie } from 'hono/cookie';
import { createApi } from '../../http/openapi.ts';
import { ok } from '../../http/envelope.ts';
import { clientIp, respondSignedIn } from '../../http/request-context.ts';
import { requireViewer } from './auth.policy.ts';
import * as routes from './auth.routes.ts';
import { SESSION_COOKIE, endSession, loginWithLockout } from './auth.service.ts';

export const passportApi = createApi()
  .openapi(routes.loginByEmail, async (c) => {
    const { email, password } = c.req.valid('json');
    const { userId } = await loginWithLockout(c.get('ctx'), { by: { email }, password, ip: clientIp(c) });
    return respondSignedIn(c, userId);
  })
  .openapi(routes.loginByPhone, async (c) => {
    const { phoneNumber, password } = c.req.valid('json');
    const { userId } = await loginWithLockout(c.get('ctx'), { by: { phone: phoneNumber }, password, ip: clientIp(c) });
    return respondSignedIn(c, userId);
  })
  .openapi(routes.logout, async (c) => {
    const { db, viewer } = c.get('ctx');
    requireViewer(viewer);
    const token = c.req.header('x-token') ?? c.req.query('token') ?? getCookie(c, SESSION_COOKIE);
    if (token) await endSession({ db }, token);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return ok(c, null);
  });
