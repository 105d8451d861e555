import { eq, sql } from 'drizzle-orm';
import { users } from '@db/schema/users.ts';
import type { Db } from '@db/client.ts';

/** The tables the dashboard counts, each by its created_at (every one has an index leading with it or a small table). */
export const DASHBOARD_TABLES = {
  signups: 'users',
  entries: 'entries',
  comments: 'comments',
  pins: 'pins',
  reports: 'reports',
  orders: 'payment_orders',
} as const;
export type DashboardMetric = keyof typeof DASHBOARD_TABLES;

/**
 * Rows created per day since `since`, days cut in `timeZone` (the site's day, not the server's):
 * one grouped count per table.
 */
export async function selectDailyCounts(db: Db, metric: DashboardMetric, since: Date, timeZone: string) {
  const table = sql.identifier(DASHBOARD_TABLES[metric]);
  const result: unknown = await db.execute(sql`
    SELECT to_char(created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day, count(*)::int AS count
    FROM ${table}
    WHERE created_at >= ${since.toISOString()}::timestamptz
    GROUP BY 1`);
  return (result as { rows: Array<{ day: string; count: number }> }).rows;
}

export async function setSuspension(tx: Db, userId: string, until: Date | null, reason: string) {
  const rows = await tx
    .update(users)
    .set({ suspendedUntil: until, suspendReason: reason })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}
