import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { entries } from '@db/schema/content.ts';
import { comments, pins } from '@db/schema/social.ts';
import { users } from '@db/schema/users.ts';

/**
 * What places an account (core/trust.ts): its role, age and counters, and the latest time one of
 * its entries, pins or comments was hidden and still is. The hidden parts read the partial
 * indexes on (user_id, hidden_at) where hidden_at is not null, so they cost nothing for people
 * with nothing hidden however much they wrote.
 */
export async function selectTrustFacts(db: Db, userId: string) {
  const [row] = await db
    .select({
      role: users.role,
      createdAt: users.createdAt,
      likesReceived: users.beLikedCount,
      entriesRead: users.viewedEntriesCount,
      lastHiddenAt: sql<string | null>`greatest(
        (select max(${entries.hiddenAt}) from ${entries} where ${entries.userId} = ${userId} and ${entries.hiddenAt} is not null),
        (select max(${pins.hiddenAt}) from ${pins} where ${pins.userId} = ${userId} and ${pins.hiddenAt} is not null),
        (select max(${comments.hiddenAt}) from ${comments} where ${comments.userId} = ${userId} and ${comments.hiddenAt} is not null)
      )`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  return { ...row, lastHiddenAt: row.lastHiddenAt ? new Date(row.lastHiddenAt) : null };
}
