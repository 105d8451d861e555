import {
  countExternalLinks,
  NEW_ACCOUNT_LIMITS,
  type TrustAction,
  type TrustStanding,
  trustLinksMessage,
  trustRateMessage,
  trustStandingOf,
} from '@core/trust.ts';
import type { Ctx } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { TOO_FREQUENT } from '../verification/verification.service.ts';
import * as queries from './trust.queries.ts';

export type { TrustAction, TrustStanding };

/** Where an account stands (core/trust.ts): its level and what is still missing. */
export async function getTrustStanding(ctx: Pick<Ctx, 'db'>, userId: string): Promise<TrustStanding> {
  const now = new Date();
  const facts = await queries.selectTrustFacts(ctx.db, userId);
  if (!facts)
    return trustStandingOf({ role: 'user', createdAt: now, likesReceived: 0, entriesRead: 0, lastHiddenAt: null }, now);
  return trustStandingOf(facts, now);
}

/**
 * New-account limits (docs/trust-levels.md), called before a write: at level 0, at most so many
 * entries, pins, comments or uploads in the window (counted through the rate-limit adapter, so
 * across instances with Redis) and so many external links in `content`. Over the rate: 429
 * 操作过于频繁，请稍后再试 with the limit and what lifts it; over the links: 400. `count: false`
 * checks the links only (an edit). NEW_ACCOUNT_LIMITS=false turns it off (the test default).
 */
export async function enforceNewAccountLimits(
  ctx: Pick<Ctx, 'db' | 'viewer' | 'env' | 'adapters'>,
  options: { action: TrustAction; content?: string; count?: boolean },
): Promise<void> {
  const { action } = options;
  const viewer = ctx.viewer;
  if (!viewer || !ctx.env.NEW_ACCOUNT_LIMITS) return;
  if (viewer.role === 'admin' || viewer.role === 'editor') return;
  const standing = await getTrustStanding(ctx, viewer.id);
  if (standing.level > 0) return;
  if (action !== 'upload' && options.content !== undefined) {
    if (countExternalLinks(options.content) > NEW_ACCOUNT_LIMITS.links[action]) {
      throw new AppError(400, trustLinksMessage(action), {
        data: { trustLevel: standing.level, missing: standing.missing },
      });
    }
  }
  if (options.count === false) return;
  const rate = NEW_ACCOUNT_LIMITS.rates[action];
  const { allowed, retryAfterSeconds } = await ctx.adapters.limits.consume(
    { name: `trust0-${action}`, points: rate.points, durationSeconds: rate.durationSeconds },
    viewer.id,
  );
  if (!allowed) {
    throw new AppError(429, trustRateMessage(TOO_FREQUENT, action), {
      data: { retryAfterSeconds, trustLevel: standing.level, missing: standing.missing },
    });
  }
}
