import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import zlib from 'node:zlib';
import type { ChangeBus } from '../adapters/changes.ts';
import { SESSION_COOKIE } from '../modules/auth/auth.service.ts';
import { COMPRESSIBLE, compress, compressResponse, leaveUncompressed, preferredEncoding } from './compression.ts';
import type { AppEnv } from './context.ts';
import { requestHeader } from './headers.ts';
import { hasBody } from './limits.ts';

/**
 * The anonymous page cache (docs/decisions/009-per-instance-caches.md): rendered responses
 * that are the same for every signed-out visitor, kept in this process and compressed once, when
 * stored, with brotli and gzip.
 *
 * - Stored: a GET of a page (or its .data) by a request without a session that answered 200 with
 *   a public Cache-Control (cache-control.ts pageCacheHeaders decides: signed out, no cookie set, no personal route).
 * - Served: to any GET or HEAD of the same URL without a session cookie or token, before any
 *   other middleware runs; the headers the page had (its CSP with the nonce its scripts carry
 *   included) come with it, in the encoding the client takes.
 * - Fresh: while no change was made since it was rendered, or the first change since is younger
 *   than CACHE_GRACE_MS (a new or edited entry, comment, like or pin, in any process: the change
 *   bus); never older than MAX_AGE_MS (what no change announces, such as view counts); nothing is
 *   served or stored while the process might miss changes. The author of a change is signed in,
 *   so their pages never come from here: they see their change at once.
 * - Concurrent misses of one URL share one render.
 */
export interface PageCacheOptions {
  bus: ChangeBus;
  graceMs: number;
  /** Bytes of compressed pages kept (LRU); 0 turns the cache off. */
  maxBytes: number;
  /** Compress answers it does not keep (false with APP_COMPRESSION=false: nginx compresses). Kept pages stay precompressed. */
  compressOthers?: boolean;
}

/** What no change announces (view counts, follower counts) is at most this old, or the page's own max-age. */
export const MAX_AGE_MS = 60_000;

function maxAgeOf(cacheControl: string): number {
  const seconds = /\bmax-age=(\d+)/.exec(cacheControl)?.[1];
  return seconds === undefined ? MAX_AGE_MS : Math.min(MAX_AGE_MS, Number(seconds) * 1000);
}

interface Stored {
  status: number;
  /** The page's headers, without its length and encoding. */
  headers: Record<string, string>;
  br: Buffer;
  gzip: Buffer;
  version: number;
}

/** Headers that belong to one request or one encoding, never stored. */
export const NOT_STORED = new Set([
  'content-length',
  'content-encoding',
  'x-request-id',
  'set-cookie',
  'date',
  'connection',
]);

function hasSession(c: Context): boolean {
  const cookie = requestHeader(c, 'cookie');
  if (cookie?.includes(`${SESSION_COOKIE}=`)) return true;
  return requestHeader(c, 'x-token') !== undefined || c.req.url.includes('token=');
}

/** The response's headers, with those set on Node's response (server/http/headers.ts), minus per-request ones. */
function storedHeaders(c: Context, response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (outgoing)
    for (const [name, value] of Object.entries(outgoing.getHeaders()))
      if (!NOT_STORED.has(name) && value !== undefined)
        headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  response.headers.forEach((value, name) => {
    if (!NOT_STORED.has(name)) headers[name] = value;
  });
  const vary = headers.vary;
  if (!vary?.toLowerCase().includes('accept-encoding'))
    headers.vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
  return headers;
}

function answer(c: Context, stored: Stored): Response {
  const encoding = preferredEncoding(requestHeader(c, 'accept-encoding'));
  const body = encoding === 'br' ? stored.br : encoding === 'gzip' ? stored.gzip : zlib.gunzipSync(stored.gzip);
  const headers: Record<string, string> = { ...stored.headers, 'content-length': String(body.length) };
  if (encoding) headers['content-encoding'] = encoding;
  return leaveUncompressed(
    new Response(c.req.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {
      status: stored.status,
      headers,
    }),
  );
}

export function pageCache({
  bus,
  graceMs,
  maxBytes,
  compressOthers = true,
}: PageCacheOptions): MiddlewareHandler<AppEnv> {
  if (maxBytes <= 0) return (_c, next) => next();
  const pages = new LRUCache<string, Stored>({
    maxSize: maxBytes,
    sizeCalculation: (stored) => stored.br.length + stored.gzip.length + 512,
    ttl: MAX_AGE_MS,
  });
  bus.onReset(() => pages.clear());
  const rendering = new Map<string, Promise<Stored | null>>();

  /** Renders through the rest of the app and stores the answer when it is the same for everyone. */
  async function render(c: Context<AppEnv>, next: () => Promise<void>, key: string): Promise<Stored | null> {
    // A page rendered in a grace period may hold answers made before the change (remembered feeds):
    // it is as old as the oldest of those, so it goes stale when they do.
    const version = bus.oldestServedVersion(graceMs);
    c.set('pageCacheRender', true);
    await next();
    const response = c.res;
    const cacheControl = response.headers.get('cache-control') ?? '';
    if (
      response.status !== 200 ||
      !/^public\b/.test(cacheControl) ||
      !COMPRESSIBLE.test(response.headers.get('content-type') ?? '') ||
      response.headers.has('set-cookie') ||
      response.headers.has('content-encoding') ||
      !bus.listening
    )
      return null;
    // Headers first: reading the body may rebuild the response from what it was created with (headers.ts).
    const headers = storedHeaders(c, response);
    const raw = new Uint8Array(await response.arrayBuffer());
    const stored: Stored = {
      status: response.status,
      headers,
      br: compress(raw, 'br', false),
      gzip: compress(raw, 'gzip', false),
      version,
    };
    const ttl = maxAgeOf(cacheControl);
    if (ttl > 0) pages.set(key, stored, { ttl });
    return stored;
  }

  return async (c, next) => {
    const method = c.req.method;
    // A request with a session, or (oddly, for a GET) a body, goes the whole way (bodyLimits bounds the body).
    if ((method !== 'GET' && method !== 'HEAD') || hasSession(c) || hasBody(c)) return next();
    const key = c.req.url;
    const stored = pages.get(key);
    if (stored && bus.listening && bus.isFresh(stored.version, graceMs)) return answer(c, stored);
    if (method === 'HEAD') return next();
    const pending = rendering.get(key);
    if (pending) {
      // Another request is rendering this page: share its answer (or render on our own if it is not one to keep).
      const shared = await pending.catch(() => null);
      return shared ? answer(c, shared) : next();
    }
    const own = render(c, next, key);
    rendering.set(key, own);
    try {
      const result = await own;
      if (result) {
        c.res = undefined;
        c.res = answer(c, result);
      }
      // Not one to keep: compressed for this request only, as the compression middleware would.
      else if (compressOthers) await compressResponse(c);
    } finally {
      rendering.delete(key);
    }
  };
}
