import type { Ctx, RequestContext } from '../../http/context.ts';
/**
 * Tracking (SPEC §7.9, §8; docs/tracking.md): the visitor id, page views, list statistics,
 * behaviour and extension-banner events. Search-engine bots are answered without anything being
 * stored or counted. Raw events are kept compactly for TRACKING_RAW_RETENTION_DAYS, rolled up by
 * China Standard Time day into tracking_daily (exact: a day is recomputed whole), which is kept
 * for TRACKING_DAILY_RETENTION_DAYS.
 */
import {
  ENTRY_LIST_SEPARATOR,
  type ExtensionEvent,
  extensionAction,
  type ListStatKind,
  PAGE_VIEW_ACTION,
  TRACKING_LIMITS,
  type TrackedAction,
} from '@core/tracking.ts';
import { AppError } from '../../http/errors.ts';
import * as queries from './tracking.queries.ts';

export const TOO_FREQUENT = '操作过于频繁，请稍后再试';

export interface TrackingResult {
  recorded: boolean;
}

type TrackingCtx = Pick<RequestContext, 'db' | 'env' | 'adapters' | 'viewer' | 'suid' | 'isBot' | 'logger'>;

/** Who sent it, beyond the context: the client's address (rate limit for visitors without a cookie). */
export interface TrackingClient {
  ip: string;
  /** The page that made the request (Referer), the location when the client sent none. */
  page?: string;
}

/**
 * A stored address: on our site only the path (no query or hash: they may carry tokens, and
 * they make every row longer); elsewhere the origin and path. Cut to the stored length.
 */
export function storedUrl(value: string | undefined, siteUrl: string): string {
  if (!value) return '';
  const site = new URL(siteUrl);
  let url: URL;
  try {
    url = new URL(value, site);
  } catch {
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
  const own = url.origin === site.origin || (value.startsWith('/') && !value.startsWith('//'));
  return (own ? url.pathname : `${url.origin}${url.pathname}`).slice(0, TRACKING_LIMITS.url);
}

/** Per visitor (member id, else SUID) and, for those who keep no cookie, per address. */
async function checkRate(ctx: TrackingCtx, client: TrackingClient) {
  const perMinute = ctx.env.TRACKING_MAX_PER_VISITOR_MINUTE;
  const visitor = { name: 'tracking-visitor', points: perMinute, durationSeconds: 60 };
  const address = { name: 'tracking-ip', points: perMinute * 10, durationSeconds: 60 };
  const [byVisitor, byAddress] = await Promise.all([
    ctx.adapters.limits.consume(visitor, ctx.viewer?.id ?? ctx.suid),
    client.ip ? ctx.adapters.limits.consume(address, client.ip) : { allowed: true, retryAfterSeconds: 0 },
  ]);
  if (!byVisitor.allowed || !byAddress.allowed) {
    const retryAfterSeconds = Math.max(byVisitor.retryAfterSeconds, byAddress.retryAfterSeconds);
    throw new AppError(429, TOO_FREQUENT, { data: { retryAfterSeconds } });
  }
}

async function record(
  ctx: TrackingCtx,
  client: TrackingClient,
  event: { action: string; target?: string; value?: string; referrer?: string; location?: string },
): Promise<TrackingResult> {
  if (ctx.isBot) return { recorded: false };
  await checkRate(ctx, client);
  const site = ctx.env.SITE_URL;
  await queries.insertEvent(ctx.db, {
    action: event.action,
    target: (event.target ?? '').slice(0, TRACKING_LIMITS.target),
    value: event.value ?? '',
    referrer: storedUrl(event.referrer, site),
    location: storedUrl(event.location ?? client.page, site),
    userId: ctx.viewer?.id ?? null,
    suid: ctx.suid,
  });
  return { recorded: true };
}

/** GET /punch: a page view. */
export function recordPageView(
  ctx: TrackingCtx,
  { client, input }: { client: TrackingClient; input: { location?: string; referrer?: string } },
): Promise<TrackingResult> {
  return record(ctx, client, { action: PAGE_VIEW_ACTION, ...input });
}

/** GET /log and GET /collector: the entries a list showed. */
export function recordListStat(
  ctx: TrackingCtx,
  {
    client,
    kind,
    input,
  }: { client: TrackingClient; kind: ListStatKind; input: { entryIds: string[]; src?: string; location?: string } },
): Promise<TrackingResult> {
  return record(ctx, client, {
    action: kind,
    target: input.src ?? '',
    value: input.entryIds.join(ENTRY_LIST_SEPARATOR),
    location: input.location,
  });
}

/** POST /event: a behaviour (click, like, unlike, collect, uncollect, view, share, follow, unfollow). */
export function recordBehaviour(
  ctx: TrackingCtx,
  {
    client,
    input,
  }: {
    client: TrackingClient;
    input: { action: TrackedAction; target?: string; value?: string; referrer?: string; location?: string };
  },
): Promise<TrackingResult> {
  return record(ctx, client, input);
}

/** POST /extension: the extension banner was shown, clicked or closed. */
export function recordExtensionEvent(
  ctx: TrackingCtx,
  { client, input }: { client: TrackingClient; input: { event: ExtensionEvent; version?: string; location?: string } },
): Promise<TrackingResult> {
  return record(ctx, client, { action: extensionAction(input.event), value: input.version, location: input.location });
}

const SUID_PATTERN = /^[0-9a-f]{24}$/;

/**
 * GET /gen_suid: the visitor id. `restore` is the id the browser kept when its cookie was lost;
 * the answer says which id to keep (the caller sets the cookie for a restored one). Bots get none.
 */
export function visitorId(
  visitor: { isBot: boolean; existingSuid: string | null; issue: () => string },
  restore?: string,
): { suid: string | null; restored: boolean } {
  if (visitor.isBot) return { suid: null, restored: false };
  if (visitor.existingSuid) return { suid: visitor.existingSuid, restored: false };
  if (restore && SUID_PATTERN.test(restore)) return { suid: restore, restored: true };
  return { suid: visitor.issue(), restored: false };
}

// ---------------------------------------------------------------------------------------------
// Days, rollup and retention

const CST_OFFSET_MS = 8 * 3_600_000;

/** The China Standard Time day of an instant (the site's calendar, as entry views count it). */
export function trackingDay(now: Date = new Date()): string {
  return new Date(now.getTime() + CST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instants a China Standard Time day spans: [start, end). */
export function dayRange(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00+08:00`);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

export function addDays(day: string, days: number): string {
  return trackingDay(new Date(dayRange(day).start.getTime() + days * 86_400_000));
}

/** Recomputes the rollup of the given days from their raw events (exact; may be run again). */
export async function rollupTrackingDays(ctx: Pick<Ctx, 'db'>, days: string[]): Promise<void> {
  const { db } = ctx;
  for (const day of days) {
    await db.transaction((tx) => queries.rollupDay(tx, { day, ...dayRange(day) }));
  }
}

export interface MaintenanceReport {
  ran: boolean;
  rolledUp: string[];
  rawDeleted: number;
  dailyDeleted: number;
}

/**
 * The hourly job: roll up yesterday and today; then, for raw events older than the raw
 * retention, roll their days up once more and delete them in the same transaction (so no day
 * loses an event it had); then drop rollup rows older than the daily retention. One instance at
 * a time (an advisory lock); another answers ran: false.
 */
export async function runTrackingMaintenance(
  ctx: Pick<Ctx, 'db'>,
  options: { rawRetentionDays: number; dailyRetentionDays: number; now?: Date },
): Promise<MaintenanceReport> {
  const { db } = ctx;
  const now = options.now ?? new Date();
  const today = trackingDay(now);
  const rawCutoffDay = addDays(today, -options.rawRetentionDays);
  const rawCutoff = dayRange(rawCutoffDay).start;
  return db.transaction(async (tx) => {
    if (!(await queries.tryMaintenanceLock(tx))) return { ran: false, rolledUp: [], rawDeleted: 0, dailyDeleted: 0 };
    const expiring = await queries.rawDaysBefore(tx, rawCutoff);
    const days = [...expiring, addDays(today, -1), today];
    for (const day of days) await queries.rollupDay(tx, { day, ...dayRange(day) });
    const rawDeleted = await queries.deleteRawBefore(tx, rawCutoff);
    const dailyDeleted = await queries.deleteDailyBefore(tx, addDays(today, -options.dailyRetentionDays));
    return { ran: true, rolledUp: days, rawDeleted, dailyDeleted };
  });
}

/**
 * Runs the maintenance every hour (first a minute after start) in this process; failures are
 * logged and the next run tries again. Returns the function that stops it.
 */
export function scheduleTrackingMaintenance(
  ctx: Pick<Ctx, 'db' | 'env'>,
  {
    logger,
    intervalMs = 3_600_000,
  }: { logger: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void }; intervalMs?: number },
): () => void {
  const { db, env } = ctx;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const report = await runTrackingMaintenance(
        { db },
        {
          rawRetentionDays: env.TRACKING_RAW_RETENTION_DAYS,
          dailyRetentionDays: env.TRACKING_DAILY_RETENTION_DAYS,
        },
      );
      if (report.ran) logger.info(report, 'tracking rollup');
    } catch (error) {
      logger.warn({ err: error }, 'tracking rollup failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, Math.min(60_000, intervalMs));
  const every = setInterval(run, intervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
