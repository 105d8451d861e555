import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import zlib from 'node:zlib';
import { requestHeader } from './headers.ts';

export const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** Brotli when the client takes it, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  return /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : null;
}

/** Responses known to be too short to compress, so the middleware need not read their headers. */
const short = new WeakSet<Response>();

/** Marks a response the compression middleware leaves alone without looking at it. */
export function leaveUncompressed<R extends Response>(response: R): R {
  short.add(response);
  return response;
}

/**
 * Compresses bytes once, in one call. `fast` for a response made for one request (brotli quality
 * 1, gzip level 1: a 140 KB page in 0.4–0.6 ms); otherwise for bytes that are stored and sent
 * many times (the page cache: brotli 9, gzip 9).
 */
export function compress(input: Uint8Array, encoding: Encoding, fast: boolean): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(input, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: fast ? 1 : 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      })
    : zlib.gzipSync(input, { level: fast ? 1 : 9 });
}

/**
 * Brotli when the client takes it, else gzip; text-like bodies of 1 KB or more, never event
 * streams nor responses that are already encoded (the page cache, precompressed assets). The
 * body is read whole and compressed in one call at a fast level: rendered pages are complete
 * documents (app/entry.server.tsx), and one call costs far less than compressing a stream chunk
 * by chunk. A load balancer in front may do this instead.
 */
export function compression(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    // The page cache compresses what it renders itself (once, at a high level, when it stores).
    if (c.get('pageCacheRender')) return;
    await compressResponse(c);
  };
}

/** Compresses c.res for this request, when it is worth it (the compression middleware's work). */
export async function compressResponse(c: Context) {
  const res = c.res;
  if (short.has(res) || c.req.method === 'HEAD' || res.status === 204 || res.status === 304) return;
  const headers = res.headers;
  if (headers.has('content-encoding') || !COMPRESSIBLE.test(headers.get('content-type') ?? '')) return;
  const length = headers.get('content-length');
  if (length !== null && Number(length) < MIN_BYTES) return;
  const encoding = preferredEncoding(requestHeader(c, 'accept-encoding'));
  if (!encoding || !res.body) return;
  const input = new Uint8Array(await res.arrayBuffer());
  // Clear first: assigning over a response makes Hono carry its headers (content-length too) over.
  c.res = undefined;
  c.res = compressedResponse(input, encoding, { status: res.status, headers });
}

/**
 * A response of `input` for one request: compressed at the fast level with `encoding` (none:
 * as it is) when it is 1 KB or more, with its length, encoding and Vary set; the middleware
 * leaves it alone.
 */
export function compressedResponse(
  input: Uint8Array,
  encoding: Encoding | null,
  init: { status: number; headers: HeadersInit },
): Response {
  if (encoding && input.length >= MIN_BYTES) return encodedResponse(compress(input, encoding, true), encoding, init);
  return encodedResponse(input, null, init);
}

/** A response of `body` as encoded already (`encoding`, or none), with its length, encoding and Vary; the middleware leaves it alone. */
export function encodedResponse(
  body: Uint8Array,
  encoding: Encoding | null,
  init: { status: number; headers: HeadersInit },
): Response {
  const headers = new Headers(init.headers);
  if (encoding) {
    headers.set('content-encoding', encoding);
    headers.append('vary', 'Accept-Encoding');
  }
  headers.set('content-length', String(body.length));
  return leaveUncompressed(new Response(body as Uint8Array<ArrayBuffer>, { status: init.status, headers }));
}
