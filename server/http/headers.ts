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

function sameHeaders(a: Headers, b: Headers): boolean {
  let count = 0;
  for (const [name, value] of a) {
    if (b.get(name) !== value) return false;
    count += 1;
  }
  for (const _ of b) count -= 1;
  return count === 0;
}

/**
 * Changes headers of the finished response (c.res) by rebuilding it around a Headers object of its
 * own. @hono/node-server's Response, the global one in the server (and in the tests:
 * tests/setup/node-server-globals.ts), keeps headers it was given as a plain object apart from the
 * Headers its `headers` returns, and builds the real response from the former once anything reads
 * its body (the page cache, compression, Hono's c.header(), a test): a change made in place would
 * be lost then. A response whose headers are immutable (from fetch, Response.redirect) is covered
 * too.
 */
export function editResponseHeaders(c: Context, edit: (headers: Headers) => void): void {
  const response = c.res;
  const headers = new Headers(response.headers);
  edit(headers);
  // Reading the body to rebuild costs a signed-in page a tenth of its time: not when nothing changed.
  if (sameHeaders(headers, response.headers)) return;
  c.res = undefined;
  c.res = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Sets headers on the response once it is finished, without rebuilding it. On @hono/node-server
 * they go straight onto Node's ServerResponse, which merges them into the head it writes (a
 * header the response itself carries wins): no Headers object is built or copied, and a cached
 * Response is never changed. In-process (tests) the response is rebuilt (editResponseHeaders).
 */
export function setResponseHeaders(c: Context, headers: Iterable<readonly [string, string]>) {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (outgoing && !outgoing.headersSent) {
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return;
  }
  editResponseHeaders(c, (target) => {
    for (const [name, value] of headers) target.set(name, value);
  });
}
