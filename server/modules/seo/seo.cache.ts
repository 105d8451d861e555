import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { setPageCaching } from '../../http/cache-control.ts';
import { editResponseHeaders } from '../../http/headers.ts';

/** Anonymous pages are the same for every visitor; anything personal is never stored (server/http/cache-control.ts). */
export { PRIVATE_NO_STORE, PUBLIC_PAGE_CACHE } from '../../http/cache-control.ts';
/** Feeds, the sitemap and robots.txt change slowly. */
export const PUBLIC_DOCUMENT_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

/** Cache-Control and `Vary: Cookie` for rendered pages and their .data requests (setPageCaching). */
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
