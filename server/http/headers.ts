import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { parse } from 'hono/utils/cookie';

/**
 * A request header, read from Node's own message when the app runs on @hono/node-server:
 * `c.req.header()` builds a whole Headers object from the raw headers on first use, which every
 * request would pay in the middleware. In-process requests (tests) read the Request's headers.
 * `name` is lower case.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** One cookie of the request, or undefined. */
export function requestCookie(c: Context, name: string): string | undefined {
  const header = requestHeader(c, 'cookie');
  if (!header?.includes(name)) return undefined;
  return parse(header, name)[name];
}

/**
 * Sets headers on the response once it is finished, without rebuilding it. On @hono/node-server
 * they go straight onto Node's ServerResponse, which merges them into the head it writes (a
 * header the response itself carries wins): no Headers object is built or copied, and a cached
 * Response is never changed. In-process (tests) they are set on the Response; one whose headers
 * are immutable (from fetch or Response.redirect) is copied first. (Hono's c.header() after the
 * response exists would rebuild it, body stream included.)
 */
export function setResponseHeaders(c: Context, headers: Iterable<readonly [string, string]>) {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (outgoing && !outgoing.headersSent) {
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return;
  }
  let target = c.res.headers;
  try {
    for (const [name, value] of headers) target.set(name, value);
  } catch {
    const copy = new Response(c.res.body, c.res);
    c.res = undefined;
    c.res = copy;
    target = copy.headers;
    for (const [name, value] of headers) target.set(name, value);
  }
}
