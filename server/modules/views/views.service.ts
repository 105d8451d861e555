import { INVALID_ID_MESSAGE } from '@core/inputs.ts';
/**
 * Entry views (SPEC §7.3 getEntryView): one per visitor (the signed-in user, else the SUID) per
 * entry per day, never for bots. A counted view moves the entry's view count and hot score,
 * the author's be-read counter and, on a member's first view of the entry, their
 * viewed-entries counter, in the transaction that records it.
 */
import { isValidId, newId } from '@core/ids.ts';
import type { RequestContext } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { rescoreEntry } from '../entries/entries.service.ts';
import { lockUsers } from '../users/users.service.ts';
import * as queries from './views.queries.ts';

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
  { entryId, now = new Date() }: { entryId: string; now?: Date },
): Promise<EntryViewResult> {
  if (!isValidId(entryId)) throw badRequest(INVALID_ID_MESSAGE);
  const visitorId = ctx.viewer ? ctx.viewer.id : `s:${ctx.suid}`;
  const day = viewDay(now);
  return ctx.db.transaction(async (tx) => {
    const entry = await queries.selectViewedEntry(tx, entryId);
    if (!entry) throw notFound('此文章不存在');
    if (ctx.isBot) return { entryViewId: null, counted: false, viewCount: entry.viewCount };
    const visit = { entryId, visitorId, day };
    const entryViewId = await queries.insertView(tx, { id: newId(now.getTime()), ...visit, createdAt: now });
    if (!entryViewId) {
      return { entryViewId: await queries.selectViewId(tx, visit), counted: false, viewCount: entry.viewCount };
    }
    await queries.addEntryView(tx, entryId);
    const updated = await rescoreEntry({ db: tx }, entryId);
    // The entry's row first, then the author's and the viewer's in id order (lockUsers).
    await lockUsers({ db: tx }, [entry.userId, ctx.viewer?.id]);
    if (entry.userId) await queries.addAuthorRead(tx, entry.userId);
    if (ctx.viewer && !(await queries.viewedOnAnotherDay(tx, visit))) await queries.addViewedEntry(tx, ctx.viewer.id);
    return { entryViewId, counted: true, viewCount: updated?.viewCount ?? entry.viewCount + 1 };
  });
}
