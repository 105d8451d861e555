import { publishChange } from '../adapters/changes.ts';
import type { Adapters } from '../adapters/index.ts';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isbot } from 'isbot';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '@db/client.ts';
import type { Env } from '../env.ts';
import { SESSION_COOKIE, type SessionResolver, signIn } from '../modules/auth/auth.service.ts';
import { PRIVATE_NO_STORE } from '@core/cache-control.ts';
import type { AppEnv, RequestContext } from './context.ts';
import type { Viewer } from '../modules/auth/auth.policy.ts';
import { ok } from './envelope.ts';
import { badRequest } from './errors.ts';
import { editResponseHeaders, requestCookie, requestHeader, setResponseHeaders } from './headers.ts';

export const SUID_COOKIE = 'jinsha_suid';

/**
 * The token form for non-browser clients (SPEC §7): uid, token and client_id (or device_id)
 * as query, form fields or X-Uid / X-Token / X-Client-Id headers. The token is the session id.
 * Headers and query answer at once; only a form body (an /api write) is read asynchronously.
 */
function readTokenForm(
  c: Context<AppEnv>,
): { uid: string | undefined; token: string } | null | Promise<{ uid: string | undefined; token: string } | null> {
  const header = requestHeader(c, 'x-token');
  if (header) return { uid: requestHeader(c, 'x-uid'), token: header };
  if (c.req.url.includes('token=')) {
    const query = c.req.query('token');
    if (query) return { uid: c.req.query('uid'), token: query };
  }
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return null;
  const type = requestHeader(c, 'content-type') ?? '';
  if (c.req.path.startsWith('/api/') && /^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(type)) {
    return (
      c.req
        .parseBody()
        .then((form) =>
          typeof form.token === 'string'
            ? { uid: typeof form.uid === 'string' ? form.uid : undefined, token: form.token }
            : null,
        )
        // A form that cannot be parsed is the client's error (400), before anything else reads it.
        .catch(() => {
          throw badRequest('表单格式有误');
        })
    );
  }
  return null;
}

/** Request ids: this process's random prefix and a counter (unique without a random draw per request). */
const REQUEST_ID_PREFIX = randomBytes(4).toString('hex');
let requestCounter = 0;

export const SUID_COOKIE_OPTIONS = { path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 365 * 86400 } as const;

interface ContextDeps {
  db: Db;
  env: Env;
  logger: Logger;
  adapters: Adapters;
  sessions: SessionResolver;
}

/**
 * One request's context. What a request may not need is made on first use: its child logger,
 * the bot check, the CSP nonce and the visitor id (reading `suid` sets its cookie when the
 * visitor had none).
 */
class LazyRequestContext implements RequestContext {
  readonly db: Db;
  readonly env: Env;
  readonly adapters: Adapters;
  #logger: Logger | undefined;
  #isBot: boolean | undefined;
  #suid: string | null | undefined;
  suidIssued = false;

  constructor(
    private readonly c: Context<AppEnv>,
    private readonly deps: ContextDeps,
    readonly requestId: string,
    readonly viewer: Viewer | null,
  ) {
    this.db = deps.db;
    this.env = deps.env;
    this.adapters = deps.adapters;
  }

  get logger(): Logger {
    this.#logger ??= this.deps.logger.child({ requestId: this.requestId });
    return this.#logger;
  }

  get isBot(): boolean {
    this.#isBot ??= isbot(requestHeader(this.c, 'user-agent') ?? '');
    return this.#isBot;
  }

  get nonce(): string {
    return this.c.get('nonce')();
  }

  get dataRequest(): boolean {
    return this.c.req.path.endsWith('.data');
  }

  /** The visitor id the cookie holds, or null; never issues one. */
  get existingSuid(): string | null {
    if (this.#suid === undefined) {
      const cookie = requestCookie(this.c, SUID_COOKIE);
      this.#suid = cookie && /^[0-9a-f]{24}$/.test(cookie) ? cookie : null;
    }
    return this.#suid;
  }

  get suid(): string {
    const existing = this.existingSuid;
    if (existing) return existing;
    const issued = randomBytes(12).toString('hex');
    this.#suid = issued;
    this.suidIssued = true;
    setCookie(this.c, SUID_COOKIE, issued, SUID_COOKIE_OPTIONS);
    return issued;
  }
}

/**
 * Builds the per-request context: request id, logger, viewer, anonymous visitor id, bot flag.
 * The response's X-Request-Id is set on the finished response, once.
 */
export function requestContext(deps: ContextDeps): MiddlewareHandler<AppEnv> {
  const logRequests = deps.logger.isLevelEnabled('info');
  return async (c, next) => {
    const requestId =
      requestHeader(c, 'x-request-id')?.slice(0, 64) || `${REQUEST_ID_PREFIX}${(++requestCounter).toString(36)}`;
    let tokenForm = readTokenForm(c);
    if (tokenForm instanceof Promise) tokenForm = await tokenForm;
    const token = tokenForm?.token ?? requestCookie(c, SESSION_COOKIE);
    let viewer = token ? await deps.sessions.resolve(token) : null;
    if (viewer && tokenForm?.uid && tokenForm.uid !== viewer.id) viewer = null;
    const ctx = new LazyRequestContext(c, deps, requestId, viewer);
    c.set('ctx', ctx);
    const started = logRequests ? performance.now() : 0;
    await next();
    setResponseHeaders(c, [['X-Request-Id', requestId]]);
    // A write of theirs may have changed what their cached session holds (name, avatar, counts):
    // this process forgets it at once, and after a write that went through every other process
    // too (a `user` change), so their next request shows it on whichever instance takes it.
    if (viewer && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      deps.sessions.dropViewer(viewer.id);
      if (c.res.status < 400) {
        await publishChange(deps.db, { kind: 'user', key: viewer.id }).catch((error: unknown) =>
          ctx.logger.warn({ err: error }, 'could not tell the other instances about a write'),
        );
      }
    }
    if (ctx.suidIssued) {
      // The visitor id cookie is set only when something read ctx.suid (a view count, the
      // recommender): an anonymous page view sets no cookie, so shared caches may keep it.
      // A handler that returns its own Response (the page renderer) drops headers set before it.
      if (!c.res.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SUID_COOKIE}=`))) {
        setCookie(c, SUID_COOKIE, ctx.suid, SUID_COOKIE_OPTIONS);
      }
      // A response that sets a cookie is personal: never kept by a shared cache.
      editResponseHeaders(c, (headers) => headers.set('Cache-Control', PRIVATE_NO_STORE));
    }
    if (logRequests)
      ctx.logger.info(
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
  const { answer, expiresAt } = await signIn(
    { db },
    {
      userId,
      ttlDays: env.SESSION_TTL_DAYS,
      previousToken: getCookie(c, SESSION_COOKIE),
      userAgent: c.req.header('user-agent'),
      ip: clientIp(c),
    },
  );
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
