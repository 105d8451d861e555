import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createApi } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { clientIp, sessionCookieOptions } from '../../http/request-context.ts';
import { requireViewer } from './auth.policy.ts';
import * as routes from './auth.routes.ts';
import { loginWithLockout } from './auth.lockout.ts';
import { SESSION_COOKIE, createSession, endSession } from './auth.service.ts';
import { getUserBrief } from '../users/users.service.ts';

/** Starts a session (cookie and token form) for a user who just proved who they are; registration uses it too. */
export async function signIn(c: Context<AppEnv>, userId: string) {
  const { db, env } = c.get('ctx');
  // Rotation: a sign-in always starts a new session; an old cookie's session ends.
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) await endSession(db, previous);
  const session = await createSession(db, {
    userId,
    ttlDays: env.SESSION_TTL_DAYS,
    userAgent: c.req.header('user-agent'),
    ip: clientIp(c),
  });
  setCookie(c, SESSION_COOKIE, session.token, sessionCookieOptions(env, session.expiresAt));
  const user = await getUserBrief(db, userId);
  return ok(c, { user, userId, clientId: session.clientId, token: session.token });
}

export const passportApi = createApi()
  .openapi(routes.loginByEmail, async (c) => {
    const { email, password } = c.req.valid('json');
    const { db, env, adapters } = c.get('ctx');
    const { userId } = await loginWithLockout({ db, env, limits: adapters.limits }, { email }, password, clientIp(c));
    return signIn(c, userId);
  })
  .openapi(routes.loginByPhone, async (c) => {
    const { phoneNumber, password } = c.req.valid('json');
    const { db, env, adapters } = c.get('ctx');
    const limits = adapters.limits;
    const { userId } = await loginWithLockout({ db, env, limits }, { phone: phoneNumber }, password, clientIp(c));
    return signIn(c, userId);
  })
  .openapi(routes.logout, async (c) => {
    const { db, viewer } = c.get('ctx');
    requireViewer(viewer);
    const token = c.req.header('x-token') ?? c.req.query('token') ?? getCookie(c, SESSION_COOKIE);
    if (token) await endSession(db, token);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return ok(c, null);
  });
