import type { MiddlewareHandler } from 'hono';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import zlib from 'node:zlib';

const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

/** Brotli when the client takes it, else gzip; text-like bodies only, never event streams. */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || c.req.method === 'HEAD' || res.headers.has('content-encoding')) return;
    if (!COMPRESSIBLE.test(res.headers.get('content-type') ?? '')) return;
    const length = res.headers.get('content-length');
    if (length !== null && Number(length) < MIN_BYTES) return;
    const accept = c.req.header('accept-encoding') ?? '';
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    if (!encoding) return;
    const compressor =
      encoding === 'br'
        ? zlib.createBrotliCompress({
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
            // Flush per chunk so streamed HTML still reaches the browser as it is rendered.
            flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          })
        : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
    const compressed = Readable.fromWeb(res.body as NodeWebStream<Uint8Array>).pipe(compressor);
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    headers.set('content-encoding', encoding);
    headers.append('vary', 'Accept-Encoding');
    // Clear first: assigning over a response makes Hono carry its headers (content-length too) over.
    c.res = undefined;
    c.res = new Response(Readable.toWeb(compressed) as ReadableStream, { status: res.status, headers });
  };
}
