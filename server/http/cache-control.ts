import { PRIVATE_NO_STORE } from '@core/cache-control.ts';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { editResponseHeaders } from './headers.ts';

/**
 * Anonymous pages and feeds are the same for every visitor, so a shared cache (CDN, reverse
 * proxy, this process's page cache) may keep them for a short while and serve a stale copy while
 * it fetches a fresh one.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=30, stale-while-revalidate=300';

function addVary(headers: Headers, value: string) {
  const current = headers.get('vary');
  if (!current) headers.set('vary', value);
  else if (
    !current
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(value.toLowerCase())
  )
    headers.set('vary', `${current}, ${value}`);
}

/**
 * The caching of a rendered page (and its .data): public with a short max-age and
 * stale-while-revalidate when `shared` (a signed-out GET answered 200 without a cookie), private,
 * no-store otherwise, unless the route chose its own (no-store for pages showing tokens, a longer
 * one for a download): personal answers are never made public. `Vary: Cookie` keeps a cache from
 * answering a signed-in request with the anonymous copy.
 */
export function setPageCaching(headers: Headers, shared: boolean) {
  addVary(headers, 'Cookie');
  if (!shared) headers.set('Cache-Control', PRIVATE_NO_STORE);
  else if (!headers.has('Cache-Control')) headers.set('Cache-Control', PUBLIC_PAGE_CACHE);
}

/** setPageCaching on every rendered page and its .data request, once the page is rendered. */
export function pageCacheHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const method = c.req.method;
    const status = c.res.status;
    const signedOut = !c.get('ctx').viewer;
    editResponseHeaders(c, (headers) =>
      setPageCaching(
        headers,
        (method === 'GET' || method === 'HEAD') && status === 200 && signedOut && headers.getSetCookie().length === 0,
      ),
    );
  };
}

/**
 * Marks an API answer that is the same for everyone who asks without a session (a feed's page)
 * as one a shared cache may keep — the page cache (server/http/page-cache.ts) then answers it from
 * memory. `Vary: Cookie` keeps a signed-in request from getting it. Call before ok().
 */
export function shareWhenAnonymous(c: Context<AppEnv>) {
  if (c.get('ctx').viewer) return;
  c.header('Cache-Control', PUBLIC_PAGE_CACHE);
  c.header('Vary', 'Cookie');
}
