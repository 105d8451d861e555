import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context.ts';

/** Anonymous pages are the same for every visitor (server/http/cache-control.ts). */
export { PUBLIC_PAGE_CACHE } from '../../http/cache-control.ts';
import { PUBLIC_PAGE_CACHE } from '../../http/cache-control.ts';
/** Feeds, the sitemap and robots.txt change slowly. */
export const PUBLIC_DOCUMENT_CACHE = 'public, max-age=300, stale-while-revalidate=3600';
/** Anything personal: a signed-in page, a response that sets a cookie, a write. */
export const PRIVATE_NO_STORE = 'private, no-store';

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
 * Cache-Control for rendered pages (and their .data requests): public with a short max-age and
 * stale-while-revalidate for a signed-out GET answered 200 without a cookie; private, no-store
 * for everything else, unless the route set its own. `Vary: Cookie` keeps a cache from answering a signed-in request with the
 * anonymous copy.
 */
export function pageCacheHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    addVary(headers, 'Cookie');
    const ctx = c.get('ctx');
    const cacheable =
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      c.res.status === 200 &&
      !ctx.viewer &&
      headers.getSetCookie().length === 0;
    // A route that chose its own caching (no-store for pages showing tokens, a longer one for a
    // download) keeps it; personal answers are never made public.
    const chosen = headers.get('Cache-Control');
    if (!cacheable) headers.set('Cache-Control', PRIVATE_NO_STORE);
    else if (!chosen) headers.set('Cache-Control', PUBLIC_PAGE_CACHE);
  };
}
