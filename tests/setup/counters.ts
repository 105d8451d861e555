import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '@db/client.ts';

/** The one number a query answers. */
export async function scalar(db: Db, query: SQL): Promise<number> {
  const [row] = await db.select({ n: sql<number>`(${query})::int` }).from(sql`(SELECT 1) AS one`);
  return Number(row.n);
}

/**
 * The checks that find rows: each query counts the rows whose stored counter differs from a count of
 * what it counts (written apart from the code that keeps the counter); the answer names those above 0.
 */
export async function counterMismatches(db: Db, checks: Record<string, SQL>): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const [name, query] of Object.entries(checks)) {
    const n = await scalar(db, query);
    if (n > 0) found[name] = n;
  }
  return found;
}
