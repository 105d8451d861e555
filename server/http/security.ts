import type { MiddlewareHandler } from 'hono';
import { randomBytes } from 'node:crypto';
import type { AppEnv } from './context.ts';

/**
 * Security headers. Scripts run only from our origin or with the per-request nonce that the
 * document shell puts on React Router's inline hydration scripts.
 */
export function securityHeaders(options: { dev: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const nonce = randomBytes(16).toString('base64');
    c.set('nonce', nonce);
    await next();
    const connect = options.dev ? "'self' ws: wss:" : "'self'";
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'${options.dev ? " 'unsafe-eval'" : ''}`,
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
    c.header('Content-Security-Policy', csp);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    // The third-party login popup (/api/oauth/*, /oauth/done) must keep its opener across the
    // provider's pages, which a stricter policy would cut off (server/modules/account).
    const oauthPopup = c.req.path.startsWith('/api/oauth/') || c.req.path.startsWith('/oauth/');
    c.header('Cross-Origin-Opener-Policy', oauthPopup ? 'unsafe-none' : 'same-origin-allow-popups');
    if (!options.dev) c.header('Strict-Transport-Security', 'max-age=15552000');
  };
}

/**
 * CSRF for cookie-authenticated writes: a write must come from our own origin. Browsers send
 * Origin on every cross-site write; clients that send none authenticate with the token form.
 */
export function csrfGuard(siteUrl: string): MiddlewareHandler<AppEnv> {
  const siteOrigin = new URL(siteUrl).origin;
  return async (c, next) => {
    if (/^(GET|HEAD|OPTIONS)$/.test(c.req.method)) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const sameOrigin = origin === undefined || origin === siteOrigin || origin === new URL(c.req.url).origin;
    if (!sameOrigin || fetchSite === 'cross-site') {
      return c.json({ s: 0, m: 'Forbidden', d: null }, 403);
    }
    return next();
  };
}
