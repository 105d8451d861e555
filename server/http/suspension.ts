import type { Context, MiddlewareHandler } from 'hono';
import { STATUS } from '@core/envelope.ts';
import { suspensionMessage } from '@core/moderation.ts';
import { activeSuspension } from '../modules/auth/auth.policy.ts';
import type { AppEnv } from './context.ts';

/** Writes a suspended person may still make: signing out. */
const ALLOWED_WHILE_SUSPENDED = new Set(['DELETE /api/passport/auth']);

/**
 * What reading itself records (page views, an article's view count, behaviour tracking): not the
 * person writing, so a suspended reader's pages make them as anyone's do instead of failing.
 */
const READING_RECORDS = ['/api/track/', '/api/view/'];

/**
 * Suspension, enforced in one place (issue 16): a suspended person reads everything but every
 * write of the API (POST, PUT, PATCH, DELETE here; the spec's GET writes in getWriteGuard)
 * answers 403 with the reason and the end date, which the page shows as its alert.
 */
export function suspendedAnswer(c: Context<AppEnv>): Response | null {
  const suspension = activeSuspension(c.get('ctx').viewer);
  if (!suspension || READING_RECORDS.some((prefix) => c.req.path.startsWith(prefix))) return null;
  return c.json(
    {
      s: STATUS.forbidden,
      m: suspensionMessage(suspension.until, suspension.reason),
      d: { suspendedUntil: suspension.until.toISOString() },
    },
    403,
  );
}

export function suspensionGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const write = !/^(GET|HEAD|OPTIONS)$/.test(c.req.method);
    if (!write || ALLOWED_WHILE_SUSPENDED.has(`${c.req.method} ${c.req.path}`)) return next();
    return suspendedAnswer(c) ?? next();
  };
}
