import { MODERATION_MESSAGES } from '@core/moderation.ts';
import type { AssignableRole } from '@core/permissions.ts';
import type { UserRole } from '@db/schema/users.ts';
import { publishChange } from '../../adapters/changes.ts';
import type { Ctx } from '../../http/context.ts';
import { nextPointer, readPointer } from '../../http/cursor.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { requireRole } from '../auth/auth.policy.ts';
import * as queries from './admin.queries.ts';

/** The console's use cases act for the signed-in administrator. */
type AdminCtx = Pick<Ctx, 'db' | 'viewer'>;

/** The site's day: the dashboard cuts days at midnight in China (UTC+8), whatever the server's zone. */
export const SITE_TIME_ZONE = 'Asia/Shanghai';
const DAY_MS = 86_400_000;
const OFFSET_MS = 8 * 3_600_000;

export type DashboardMetric = queries.DashboardMetric;
export const DASHBOARD_METRICS = Object.keys(queries.DASHBOARD_TABLES) as DashboardMetric[];

export interface Dashboard {
  /** The last 7 site days, oldest first, as YYYY-MM-DD. */
  days: string[];
  /** Per metric: one count per day of `days`, and today's and the week's totals. */
  series: Record<DashboardMetric, { daily: number[]; today: number; week: number }>;
}

/** The 7 site days ending today, oldest first, and the instant the first one began. */
export function lastSevenDays(now: Date): { days: string[]; since: Date } {
  const localMidnight = Math.floor((now.getTime() + OFFSET_MS) / DAY_MS) * DAY_MS;
  const days = Array.from({ length: 7 }, (_, i) =>
    new Date(localMidnight - (6 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  return { days, since: new Date(localMidnight - 6 * DAY_MS - OFFSET_MS) };
}

/** Today's and the week's sign-ups, entries, comments, pins, reports and orders, per day. */
export async function getDashboard(ctx: Pick<Ctx, 'db'>): Promise<Dashboard> {
  const { days, since } = lastSevenDays(new Date());
  const counts = await Promise.all(
    DASHBOARD_METRICS.map((metric) => queries.selectDailyCounts(ctx.db, metric, since, SITE_TIME_ZONE)),
  );
  const series = {} as Dashboard['series'];
  DASHBOARD_METRICS.forEach((metric, i) => {
    const byDay = new Map(counts[i].map((row) => [row.day, Number(row.count)]));
    const daily = days.map((day) => byDay.get(day) ?? 0);
    series[metric] = { daily, today: daily[6], week: daily.reduce((a, b) => a + b, 0) };
  });
  return { days, series };
}

/**
 * Suspends a person until `until` with a reason (administrators): they keep reading but every
 * write answers 403 with the reason (server/http/suspension.ts). Audited in the same transaction;
 * their cached sessions are dropped so it applies at once. `until: null` lifts it.
 */
export async function setSuspension(
  ctx: AdminCtx,
  input: { userId: string; until: string | null; reason?: string },
): Promise<{ suspendedUntil: string | null }> {
  const { db, viewer } = ctx;
  const now = new Date();
  const actor = requireRole(viewer, { roles: ['admin'] });
  const reason = (input.reason ?? '').trim();
  const until = input.until ? new Date(input.until) : null;
  if (until) {
    if (Number.isNaN(until.getTime())) throw badRequest('日期格式有误');
    if (until <= now) throw badRequest(MODERATION_MESSAGES.suspendEndInPast);
    if (!reason) throw badRequest(MODERATION_MESSAGES.reasonRequired);
  }
  if (reason.length > 200) throw badRequest(MODERATION_MESSAGES.reasonTooLong);
  await db.transaction(async (tx) => {
    if (!(await queries.setSuspension(tx, input.userId, until, until ? reason : ''))) {
      throw notFound('此用户不存在');
    }
    await audit(
      { db: tx },
      {
        actor,
        action: until ? 'suspend' : 'unsuspend',
        targetType: 'user',
        targetId: input.userId,
        reason,
        detail: until ? { until: until.toISOString() } : {},
      },
    );
  });
  await publishChange(db, { kind: 'user', key: input.userId });
  return { suspendedUntil: until?.toISOString() ?? null };
}

/** A person as the people screen shows them. */
export interface AdminPerson {
  id: string;
  username: string;
  avatarLarge: string;
  email: string | null;
  mobilePhoneNumber: string | null;
  role: UserRole;
  isXiaoceAuthor: boolean;
  mustResetPassword: boolean;
  /** Set only while the suspension runs. */
  suspendedUntil: string | null;
  suspendReason: string;
  createdAt: string;
}

function toPerson(row: NonNullable<Awaited<ReturnType<typeof queries.selectPerson>>>, now: Date): AdminPerson {
  const suspended = row.suspendedUntil && row.suspendedUntil > now ? row.suspendedUntil : null;
  return {
    ...row,
    suspendedUntil: suspended?.toISOString() ?? null,
    suspendReason: suspended ? row.suspendReason : '',
    createdAt: row.createdAt.toISOString(),
  };
}

/** People, newest first, found by name, phone, email or id (administrators). */
export async function listPeople(
  ctx: AdminCtx,
  input: { q?: string; pointer?: string; limit?: number },
): Promise<{ list: AdminPerson[]; pointer: string | null }> {
  requireRole(ctx.viewer, { roles: ['admin'] });
  const now = new Date();
  const limit = input.limit ?? 20;
  const rows = await queries.selectPeople(ctx.db, {
    query: input.q?.trim() || undefined,
    cursor: readPointer(input.pointer),
    limit,
  });
  return {
    list: rows.map((row) => toPerson(row, now)),
    pointer: nextPointer(rows, limit, (row) => [row.createdAt, row.id]),
  };
}

/**
 * Changes a person's role or booklet-author flag (administrators), audited in the same
 * transaction (set_role / set_booklet_author); their cached sessions are dropped so it applies
 * at once. An administrator cannot change their own role (the console would lock them out).
 */
export async function setPersonFlags(
  ctx: AdminCtx,
  input: { userId: string; role?: AssignableRole; isXiaoceAuthor?: boolean },
): Promise<AdminPerson> {
  const actor = requireRole(ctx.viewer, { roles: ['admin'] });
  if (input.role === undefined && input.isXiaoceAuthor === undefined) throw badRequest('没有要修改的内容');
  if (input.role !== undefined && input.userId === actor.id) throw badRequest('不能修改自己的角色');
  await ctx.db.transaction(async (tx) => {
    const before = await queries.updatePersonFlags(tx, input.userId, {
      role: input.role,
      isXiaoceAuthor: input.isXiaoceAuthor,
    });
    if (!before) throw notFound('此用户不存在');
    if (input.role !== undefined && input.role !== before.role) {
      await audit(
        { db: tx },
        {
          actor,
          action: 'set_role',
          targetType: 'user',
          targetId: input.userId,
          detail: { from: before.role, to: input.role },
        },
      );
    }
    if (input.isXiaoceAuthor !== undefined && input.isXiaoceAuthor !== before.isXiaoceAuthor) {
      await audit(
        { db: tx },
        {
          actor,
          action: 'set_booklet_author',
          targetType: 'user',
          targetId: input.userId,
          detail: { value: input.isXiaoceAuthor },
        },
      );
    }
  });
  await publishChange(ctx.db, { kind: 'user', key: input.userId });
  const row = await queries.selectPerson(ctx.db, input.userId);
  if (!row) throw notFound('此用户不存在');
  return toPerson(row, new Date());
}
