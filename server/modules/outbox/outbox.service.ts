import type { Ctx } from '../../http/context.ts';
import * as queries from './outbox.queries.ts';

export type OutboxRow = Awaited<ReturnType<typeof queries.selectLatestOutbox>>[number];

/**
 * /dev/outbox exists outside production, and in a local production build started with
 * DEV_OUTBOX=true (readEnv refuses that flag in a deployment with its own SESSION_SECRET).
 */
export function outboxPageEnabled(ctx: Pick<Ctx, 'env'>): boolean {
  const { env } = ctx;
  return env.NODE_ENV !== 'production' || env.DEV_OUTBOX;
}

/** The latest mails and SMS the outbox adapters stored, newest first. */
export function listOutbox(ctx: Pick<Ctx, 'db'>, limit = 50): Promise<OutboxRow[]> {
  return queries.selectLatestOutbox(ctx.db, Math.min(Math.max(limit, 1), 200));
}
