import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

/**
 * Anonymous pages and feeds are the same for every visitor, so a shared cache (CDN, reverse
 * proxy, this process's page cache) may keep them for a short while and serve a stale copy while
 * it fetches a fresh one.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=30, stale-while-revalidate=300';

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
