import { bodyLimit } from 'hono/body-limit';
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { type Envelope, STATUS } from '@core/envelope.ts';
import { TRANSPORT_MESSAGES } from '@core/messages.ts';
import type { AppEnv } from './context.ts';
import { requestHeader } from './headers.ts';

/** JSON and form bodies: the longest article (100 000 characters, 3 bytes each in UTF-8) fits with room. */
export const BODY_MAX_BYTES = 512 * 1024;
/** Uploads: the 1 MB image (SPEC §9) plus the multipart envelope around it. */
export const UPLOAD_BODY_MAX_BYTES = 1_048_576 + 64 * 1024;
/** The request line and headers together (Node's default, set explicitly). */
export const HEADER_MAX_BYTES = 16 * 1024;

export const BODY_TOO_LARGE_MESSAGE = TRANSPORT_MESSAGES[413];
export const UPLOAD_TOO_LARGE_MESSAGE = '文件过大';
export const HEADERS_TOO_LARGE_MESSAGE = '请求地址或请求头过长';
export const NUL_CHARACTER_MESSAGE = '内容不能包含空字符';

const UPLOAD_PATH = /^\/api\/upload\//;

/**
 * Bounds every request body before anything reads it — the token-form parser and sign-in, the
 * JSON validators, React Router actions. A declared Content-Length over the limit is refused at
 * once without reading; a chunked body is counted as it arrives and refused at the limit. The
 * answer is 413 with the envelope and closes the connection, so the rest of the body is not read.
 */
export function bodyLimits(): MiddlewareHandler<AppEnv> {
  const limiter = (maxSize: number, message: string) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        c.header('Connection', 'close');
        return c.json({ s: STATUS.error, m: message, d: null } satisfies Envelope, 413);
      },
    });
  const uploads = limiter(UPLOAD_BODY_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE);
  const others = limiter(BODY_MAX_BYTES, BODY_TOO_LARGE_MESSAGE);
  return (c, next) => {
    // Without a length or a chunked encoding there is no body: nothing to bound, and the
    // request is not turned into a full Request object to find out (headers.ts).
    if (!hasBody(c)) return next();
    return UPLOAD_PATH.test(c.req.path) ? uploads(c, next) : others(c, next);
  };
}

/** A JSON `\u0000` escape: preceded by an even number of backslashes (an odd one escapes the backslash). */
const JSON_NUL_ESCAPE = /(?<!\\)(?:\\\\)*\\u0000/i;
const TEXT_BODY = /^\s*(application\/(json|x-www-form-urlencoded)|text\/)/i;

/**
 * PostgreSQL text cannot hold a NUL character (U+0000); stored, it fails the whole request with a
 * 500. This one check refuses it in every URL (pages' searches too) and every text body the API
 * receives — JSON and forms — with 400 内容不能包含空字符, before any service sees it. Multipart uploads are binary
 * and exempt (their one text field is an enum).
 */
/** Whether the request declares a body (HTTP/1.1 has none without Content-Length or Transfer-Encoding). */
export function hasBody(c: Context): boolean {
  // In-process requests (tests) are whole Request objects already.
  if (!(c.env as Partial<HttpBindings> | undefined)?.incoming) return c.req.raw.body !== null;
  const length = requestHeader(c, 'content-length');
  return (length !== undefined && length !== '0') || requestHeader(c, 'transfer-encoding') !== undefined;
}

export function refuseNulCharacters(): MiddlewareHandler<AppEnv> {
  const refuse = (c: Parameters<MiddlewareHandler<AppEnv>>[0]) =>
    c.json({ s: STATUS.error, m: NUL_CHARACTER_MESSAGE, d: null } satisfies Envelope, 400);
  return async (c, next) => {
    const url = c.req.url;
    if (/%00/i.test(url) || url.includes('\0')) return refuse(c);
    // Pages post nothing of their own (writes go through the API); their bodies are not read here.
    if (!c.req.path.startsWith('/api/') || !hasBody(c)) return next();
    const type = c.req.header('content-type') ?? '';
    if (c.req.raw.body && TEXT_BODY.test(type)) {
      // Read once; Hono keeps the text, so the validators and the token form parse it from memory.
      const text = await c.req.text();
      if (text.includes('\0')) return refuse(c);
      if (/json/i.test(type) && JSON_NUL_ESCAPE.test(text)) return refuse(c);
      if (/urlencoded/i.test(type) && /%00/i.test(text)) return refuse(c);
    }
    return next();
  };
}

function rawEnvelope(status: number, reason: string, message: string): string {
  const body = JSON.stringify({ s: STATUS.error, m: message, d: null } satisfies Envelope);
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** How long an idle keep-alive connection stays open: longer than any proxy in front keeps its own. */
export const IDLE_CONNECTION_MS = 65_000;

/**
 * The Node HTTP server the app runs on. Requests Node refuses before the app sees them still get
 * the envelope: an over-long URL or header block 431, any other malformed request 400.
 */
export function createHttpServer(): Server {
  const server = createServer({ maxHeaderSize: HEADER_MAX_BYTES });
  // An idle keep-alive connection outlives the proxy's (nginx keeps its upstream ones 60 s,
  // deploy/nginx.conf.template; cloud load balancers as long): were Node to close first (its
  // default is 5 s), a request the proxy sends on it as it closes is answered 502, and nginx does
  // not retry a POST (CI saw it on the cluster: POST /api/track/extension).
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || (socket as Socket & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      socket.end(rawEnvelope(431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE_MESSAGE));
    } else if (error.code === 'ECONNRESET') {
      socket.destroy();
    } else {
      socket.end(rawEnvelope(400, 'Bad Request', TRANSPORT_MESSAGES[400]));
    }
  });
  return server;
}
