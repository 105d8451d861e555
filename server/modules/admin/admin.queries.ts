import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type UserRole, users } from '@db/schema/users.ts';
import type { Db, Tx } from '@db/client.ts';
import { type Cursor, keysetBefore } from '../../http/cursor.ts';

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

export async function setSuspension(tx: Tx, userId: string, until: Date | null, reason: string) {
  const rows = await tx
    .update(users)
    .set({ suspendedUntil: until, suspendReason: reason })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** What the people screen shows of a person. */
const personColumns = {
  id: users.id,
  username: users.username,
  avatarLarge: users.avatarLarge,
  email: users.email,
  mobilePhoneNumber: users.mobilePhoneNumber,
  role: users.role,
  isXiaoceAuthor: users.isXiaoceAuthor,
  mustResetPassword: users.mustResetPassword,
  suspendedUntil: users.suspendedUntil,
  suspendReason: users.suspendReason,
  createdAt: users.createdAt,
};

/**
 * People, newest first (users_created_idx), optionally found by `q`: an exact id, phone number or
 * email, or a part of the username (case-insensitive).
 */
export async function selectPeople(db: Db, q: { query?: string; cursor: Cursor | null; limit: number }) {
  const conditions: (SQL | undefined)[] = [keysetBefore(users.createdAt, users.id, q.cursor)];
  if (q.query) {
    const escaped = q.query.replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(
      or(
        eq(users.id, q.query),
        eq(users.mobilePhoneNumber, q.query),
        sql`lower(${users.email}) = lower(${q.query})`,
        ilike(users.username, `%${escaped}%`),
      ),
    );
  }
  return db
    .select(personColumns)
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit);
}

export async function selectPerson(db: Db, userId: string) {
  const [row] = await db.select(personColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Sets a person's role and booklet-author flag; the row as it was before, or null when there is none. */
export async function updatePersonFlags(tx: Tx, userId: string, set: { role?: UserRole; isXiaoceAuthor?: boolean }) {
  const [before] = await tx
    .select({ role: users.role, isXiaoceAuthor: users.isXiaoceAuthor })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!before) return null;
  await tx.update(users).set(set).where(eq(users.id, userId));
  return before;
}
