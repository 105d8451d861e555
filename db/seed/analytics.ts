import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Tx } from '../client.ts';
import * as schema from '../schema/index.ts';
import { DAY, SeededRandom } from './random.ts';

/** The China Standard Time day of an instant (as entry views and the tracking rollup count days). */
function cstDay(at: number): string {
  return new Date(at + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The demo account's author analytics (/analytics): counted views of each of its entries on every
 * day of the last 90 before today (entry_views, one row a visitor and day), many just after
 * publishing and fewer later, and the shares tracking rolled up (tracking_daily). Likes, comments
 * and followers already carry their dates. A random source of its own, so the rest of the demo
 * stays what it was. The entries' view counters stay the seed's (they hold older views too).
 */
export async function seedAuthorAnalytics(
  tx: Tx,
  input: { base: number; entries: Array<{ id: string; createdAt: Date; viewCount: number }> },
): Promise<{ views: number; shares: number }> {
  const random = new SeededRandom(20261124);
  const views: PgInsertValue<typeof schema.entryViews>[] = [];
  const shares: PgInsertValue<typeof schema.trackingDaily>[] = [];
  const firstDay = input.base - 90 * DAY;
  for (const entry of input.entries) {
    const published = entry.createdAt.getTime();
    // At most a third of the entry's views fall into these 90 days.
    let budget = Math.floor(entry.viewCount / 3);
    const peak = Math.max(3, Math.round(entry.viewCount / 25));
    for (let at = Math.max(published, firstDay); at < input.base - DAY / 2 && budget > 0; at += DAY) {
      const age = (at - published) / DAY;
      const n = Math.min(budget, Math.round(peak * Math.exp(-age / 6) + random.int(0, 3)));
      budget -= n;
      const day = cstDay(at);
      for (let k = 0; k < n; k++) {
        views.push({
          id: random.id(new Date(at)),
          entryId: entry.id,
          visitorId: `s:${random.id(new Date(at))}`,
          day,
          createdAt: new Date(at + random.int(0, 20) * 3_600_000),
        });
      }
      const shared = random.chance(0.08) ? random.int(1, 2) : 0;
      if (shared > 0) shares.push({ day, action: 'share', target: entry.id, events: shared, visitors: shared });
    }
  }
  for (let i = 0; i < views.length; i += 500) await tx.insert(schema.entryViews).values(views.slice(i, i + 500));
  if (shares.length > 0) await tx.insert(schema.trackingDaily).values(shares).onConflictDoNothing();
  return { views: views.length, shares: shares.length };
}
