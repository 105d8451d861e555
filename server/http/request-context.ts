import type { Adapters } from '../adapters/index.ts';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isbot } from 'isbot';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '@db/client.ts';
import type { Env } from '../env.ts';
import { SESSION_COOKIE, resolveSession, signIn } from '../modules/auth/auth.service.ts';
import type { AppEnv } from './context.ts';
import { ok } from './envelope.ts';

export const SUID_COOKIE = 'jinsha_suid';

/**
 * The token form for non-browser clients (SPEC §7): uid, token and client_id (or device_id)
 * as query, form fields or X-Uid / X-Token / X-Client-Id headers. The token is the session id.
 */
async function readTokenForm(c: Parameters<MiddlewareHandler<AppEnv>>[0]) {
  const header = c.req.header('x-token');
  if (header) return { uid: c.req.header('x-uid'), token: header };
  const query = c.req.query('token');
  if (query) return { uid: c.req.query('uid'), token: query };
  const type = c.req.header('content-type') ?? '';
  if (c.req.path.startsWith('/api/') && /^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(type)) {
    const form = await c.req.parseBody();
    if (typeof form.token === 'string')
      return { uid: typeof form.uid === 'string' ? form.uid : undefined, token: form.token };
  }
  return null;
}

/** Builds the per-request context: request id, logger, viewer, anonymous visitor id, bot flag. */
export function requestContext(deps: {
  db: Db;
  env: Env;
  logger: Logger;
  adapters: Adapters;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomBytes(8).toString('hex');
    const logger = deps.logger.child({ requestId });
    const tokenForm = await readTokenForm(c);
    const cookieToken = getCookie(c, SESSION_COOKIE);
    let viewer = await resolveSession(deps.db, tokenForm?.token ?? cookieToken);
    if (viewer && tokenForm?.uid && tokenForm.uid !== viewer.id) viewer = null;
    // The visitor id cookie is set only when something reads ctx.suid (a view count, the
    // recommender): an anonymous page view sets no cookie, so shared caches may keep it.
    const cookieSuid = getCookie(c, SUID_COOKIE);
    let suid = cookieSuid && /^[0-9a-f]{24}$/.test(cookieSuid) ? cookieSuid : null;
    let suidIssued = false;
    const suidCookie = { path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 365 * 86400 } as const;
    c.set('ctx', {
      db: deps.db,
      adapters: deps.adapters,
      env: deps.env,
      logger,
      requestId,
      viewer,
      get suid() {
        if (!suid) {
          suid = randomBytes(12).toString('hex');
          suidIssued = true;
          setCookie(c, SUID_COOKIE, suid, suidCookie);
        }
        return suid;
      },
      isBot: isbot(c.req.header('user-agent') ?? ''),
      nonce: c.get('nonce'),
    });
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    if (suidIssued && suid) {
      // A handler that returns its own Response (the page renderer) drops headers set before it.
      if (!c.res.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SUID_COOKIE}=`))) {
        setCookie(c, SUID_COOKIE, suid, suidCookie);
      }
      // A response that sets a cookie is personal: never kept by a shared cache.
      c.res.headers.set('Cache-Control', 'private, no-store');
    }
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  };
}

/**
 * Signs a user in for this response: a new session (the cookie's old one ends), its cookie set,
 * and the sign-in answer with the token form for non-browser clients.
 */
export async function respondSignedIn(c: Context<AppEnv>, userId: string) {
  const { db, env } = c.get('ctx');
  const { answer, expiresAt } = await signIn(db, {
    userId,
    ttlDays: env.SESSION_TTL_DAYS,
    previousToken: getCookie(c, SESSION_COOKIE),
    userAgent: c.req.header('user-agent'),
    ip: clientIp(c),
  });
  setCookie(c, SESSION_COOKIE, answer.token, sessionCookieOptions(env, expiresAt));
  return ok(c, answer);
}

export function sessionCookieOptions(env: Env, expires?: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax' as const,
    secure: env.SITE_URL.startsWith('https://'),
    expires,
  };
}

/**
 * The client's address: the first X-Forwarded-For hop when TRUST_PROXY says a load balancer
 * sets it, else the socket's peer (a client-sent header is not trusted).
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get('ctx').env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    // Requests made in-process (tests) have no socket.
    return '';
  }
}
