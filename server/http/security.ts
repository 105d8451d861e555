import { suspendedAnswer } from './suspension.ts';
import type { Context, MiddlewareHandler } from 'hono';
import { type Envelope, STATUS } from '@core/envelope.ts';
import { UPLOADS_PATH } from '@core/user-urls.ts';
import { randomBytes } from 'node:crypto';
import type { AppEnv } from './context.ts';
import { setResponseHeaders } from './headers.ts';

const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/**
 * Security headers, set once on the finished response, on every response but /healthz and
 * /readyz. Documents (pages, /api/docs, the OAuth popup's redirects) and the client build's files
 * get the full set: scripts run only from our origin or with the per-request
 * nonce that the document shell puts on React Router's inline hydration scripts, drawn only when
 * something asks for it. The JSON API gets what a non-document needs, in few bytes (every byte of
 * a head is paid on every call): nothing may load or frame it, nothing may sniff it, HTTPS only.
 * Uploaded files are people's images: opened on their own they may run nothing and load nothing.
 */
export function securityHeaders(options: { dev: boolean }): MiddlewareHandler<AppEnv> {
  const connect = options.dev ? "'self' ws: wss:" : "'self'";
  const csp = (nonce: string | undefined) =>
    [
      "default-src 'self'",
      `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''}${options.dev ? " 'unsafe-eval'" : ''}`,
      // React's style props render as attributes; styles cannot run code.
      "style-src 'self' 'unsafe-inline'",
      // Entry covers and shared-link screenshots come from the open web, some only over http.
      "img-src 'self' data: blob: https: http:",
      "font-src 'self' data:",
      `connect-src ${connect}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; ');
  const hsts: Array<[string, string]> = options.dev ? [] : [['Strict-Transport-Security', 'max-age=15552000']];
  const documentWithoutNonce = csp(undefined);
  const documentHeaders: Array<[string, string]> = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ...hsts,
  ];
  const apiHeaders: Array<[string, string]> = [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['X-Content-Type-Options', 'nosniff'],
    ...hsts,
  ];
  return async (c, next) => {
    let nonce: string | undefined;
    c.set('nonce', () => {
      nonce ??= randomBytes(16).toString('base64');
      return nonce;
    });
    await next();
    const path = c.req.path;
    // The third-party login popup (/api/oauth/*, /oauth/done) must keep its opener across the
    // provider's pages, which a stricter policy would cut off (server/modules/account).
    const oauthPopup = path.startsWith('/api/oauth/') || path.startsWith('/oauth/');
    if (nonce === undefined && !oauthPopup && path.startsWith('/api/')) return setResponseHeaders(c, apiHeaders);
    const upload = path.startsWith(`${UPLOADS_PATH}/`);
    setResponseHeaders(c, [
      ['Content-Security-Policy', upload ? UPLOAD_CSP : nonce ? csp(nonce) : documentWithoutNonce],
      ...documentHeaders,
      ['Cross-Origin-Opener-Policy', oauthPopup ? 'unsafe-none' : 'same-origin-allow-popups'],
    ]);
  };
}

/** The answer to a write that did not come from this site's own pages. */
export const CROSS_SITE_MESSAGE = '请求不是来自本站页面，已拒绝';

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a request shows a browser's sign that it came from another site: Sec-Fetch-Site other
 * than same-origin, or an Origin (or, without Sec-Fetch-Site, a Referer) that is not ours.
 * Clients that send none of these (curl, apps using the token form) are not browsers.
 */
export function isForeignRequest(c: Context, siteOrigin: string): boolean {
  const own = (origin: string | null) => origin === siteOrigin || origin === new URL(c.req.url).origin;
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return true;
  const origin = c.req.header('origin');
  if (origin !== undefined && !own(origin)) return true;
  const referer = c.req.header('referer');
  if (fetchSite === undefined && referer !== undefined && !own(originOf(referer))) return true;
  return false;
}

function refuseCrossSite(c: Context) {
  return c.json({ s: STATUS.forbidden, m: CROSS_SITE_MESSAGE, d: null } satisfies Envelope, 403);
}

/**
 * CSRF for cookie-authenticated writes: a write must come from our own origin. Browsers send
 * Origin on every cross-site write; clients that send none authenticate with the token form.
 * GET writes of the spec are guarded per route (getWriteGuard).
 */
export function csrfGuard(siteUrl: string): MiddlewareHandler<AppEnv> {
  const siteOrigin = new URL(siteUrl).origin;
  return async (c, next) => {
    if (/^(GET|HEAD|OPTIONS)$/.test(c.req.method)) return next();
    if (isForeignRequest(c, siteOrigin)) return refuseCrossSite(c);
    return next();
  };
}

/**
 * The spec keeps some writes on GET (entryDel, subscribe.php, read-all…). A browser makes a GET
 * for an <img>, a link, a form or a redirect without any script, from any page, ours included
 * (an image in an article). Such a write must be a script's fetch from our own page: Sec-Fetch-Site
 * same-origin and Sec-Fetch-Dest empty (fetch/XHR; images, documents, frames are refused), and no
 * foreign Origin or Referer. Clients without these headers (apps, curl) pass as they do for POST.
 */
export const getWriteGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const siteOrigin = new URL(c.get('ctx').env.SITE_URL).origin;
  const dest = c.req.header('sec-fetch-dest');
  const mode = c.req.header('sec-fetch-mode');
  const scripted =
    (dest === undefined || dest === 'empty') && (mode === undefined || mode === 'cors' || mode === 'same-origin');
  if (!scripted || isForeignRequest(c, siteOrigin)) return refuseCrossSite(c);
  return suspendedAnswer(c) ?? next();
};
