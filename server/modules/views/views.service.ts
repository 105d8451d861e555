import { INVALID_ID_MESSAGE } from '@core/inputs.ts';
/**
 * Entry views (SPEC §7.3 getEntryView): one per visitor (the signed-in user, else the SUID) per
 * entry per day, never for bots. A counted view moves the entry's view count and hot score,
 * the author's be-read counter and, on a member's first view of the entry, their
 * viewed-entries counter, in the transaction that records it.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { isValidId, newId } from '@core/ids.ts';
import { entries, entryViews } from '@db/schema/content.ts';
import { users } from '@db/schema/users.ts';
import type { RequestContext } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { refreshEntryHotScore } from '@db/ranking.ts';
import { lockUsers } from '../users/users.service.ts';

/** Days are counted in China Standard Time (UTC+8), the site's audience's calendar. */
export function viewDay(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

export interface EntryViewResult {
  /** The view row of this visitor and day (new or already there); null for bots. */
  entryViewId: string | null;
  counted: boolean;
  viewCount: number;
}

export async function recordEntryView(
  ctx: Pick<RequestContext, 'db' | 'viewer' | 'suid' | 'isBot'>,
  entryId: string,
  now: Date = new Date(),
): Promise<EntryViewResult> {
  if (!isValidId(entryId)) throw badRequest(INVALID_ID_MESSAGE);
  const visitorId = ctx.viewer ? ctx.viewer.id : `s:${ctx.suid}`;
  const day = viewDay(now);
  return ctx.db.transaction(async (tx) => {
    const [entry] = await tx
      .select({ userId: entries.userId, viewCount: entries.viewCount })
      .from(entries)
      .where(eq(entries.id, entryId))
      .limit(1);
    if (!entry) throw notFound('此文章不存在');
    if (ctx.isBot) return { entryViewId: null, counted: false, viewCount: entry.viewCount };
    const inserted = await tx
      .insert(entryViews)
      .values({ id: newId(now.getTime()), entryId, visitorId, day, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: entryViews.id });
    if (inserted.length === 0) {
      const [existing] = await tx
        .select({ id: entryViews.id })
        .from(entryViews)
        .where(and(eq(entryViews.entryId, entryId), eq(entryViews.visitorId, visitorId), eq(entryViews.day, day)))
        .limit(1);
      return { entryViewId: existing?.id ?? null, counted: false, viewCount: entry.viewCount };
    }
    await tx
      .update(entries)
      .set({ viewCount: sql`${entries.viewCount} + 1` })
      .where(eq(entries.id, entryId));
    const updated = await refreshEntryHotScore(tx, entryId);
    // The entry's row first, then the author's and the viewer's in id order (lockUsers).
    await lockUsers(tx, [entry.userId, ctx.viewer?.id]);
    if (entry.userId) {
      await tx
        .update(users)
        .set({ beReadCount: sql`${users.beReadCount} + 1` })
        .where(eq(users.id, entry.userId));
    }
    if (ctx.viewer) {
      // entry_views_visitor_day_uq (entry_id, visitor_id, day) serves this probe.
      const [earlier] = await tx
        .select({ id: entryViews.id })
        .from(entryViews)
        .where(and(eq(entryViews.entryId, entryId), eq(entryViews.visitorId, visitorId), ne(entryViews.day, day)))
        .limit(1);
      if (!earlier) {
        await tx
          .update(users)
          .set({ viewedEntriesCount: sql`${users.viewedEntriesCount} + 1` })
          .where(eq(users.id, ctx.viewer.id));
      }
    }
    return { entryViewId: inserted[0].id, counted: true, viewCount: updated?.viewCount ?? entry.viewCount + 1 };
  });
}
