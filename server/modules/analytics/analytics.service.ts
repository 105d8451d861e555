import type { Ctx } from '../../http/context.ts';
/**
 * Author analytics (beyond the spec; docs/tracking.md): per China Standard Time day of the last 30
 * or 90 days, the views, likes, comments and shares of the author's entries and the author's new
 * followers, in all or for one entry, and the same per entry. Counts come from the rows that make
 * them (entry views, likes, comments, follows: exact and live); shares from tracking (the daily
 * rollup, and raw events for yesterday and today, which the hourly rollup may not have reached).
 */
import { isValidId } from '@core/ids.ts';
import { INVALID_ID_MESSAGE } from '@core/inputs.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { requireViewer } from '../auth/auth.policy.ts';
import { addDays, dayRange, trackingDay } from '../tracking/tracking.service.ts';
import { canReadEntryAnalytics } from './analytics.policy.ts';
import * as queries from './analytics.queries.ts';

export const ANALYTICS_RANGES = [30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
/** The per-entry table covers the author's newest entries. */
export const ANALYTICS_ENTRY_LIMIT = 200;

export interface DayCounts {
  day: string;
  views: number;
  likes: number;
  comments: number;
  shares: number;
  /** New followers of the author; null for one entry's numbers. */
  followers: number | null;
}

export interface EntryCounts {
  id: string;
  title: string;
  type: string;
  createdAt: string;
  /** In the range. */
  views: number;
  likes: number;
  comments: number;
  shares: number;
  /** All time (the entry's counters). */
  totalViews: number;
}

export interface AuthorAnalytics {
  days: AnalyticsRange;
  from: string;
  to: string;
  /** The entry the daily numbers are for; null for all of the author's. */
  entry: { id: string; title: string } | null;
  daily: DayCounts[];
  totals: Omit<DayCounts, 'day'>;
  entries: EntryCounts[];
}

export async function getAuthorAnalytics(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { days: number; entryId?: string; now?: Date },
): Promise<AuthorAnalytics> {
  const { db, viewer } = ctx;
  const me = requireViewer(viewer);
  if (!ANALYTICS_RANGES.includes(input.days as AnalyticsRange)) throw badRequest('参数 days 只能是 30 或 90');
  const days = input.days as AnalyticsRange;
  let authorId = me.id;
  let entry: AuthorAnalytics['entry'] = null;
  if (input.entryId !== undefined) {
    if (!isValidId(input.entryId)) throw badRequest(INVALID_ID_MESSAGE);
    const found = await queries.selectEntryOwner(db, input.entryId);
    if (!found) throw notFound('此文章不存在');
    if (!canReadEntryAnalytics(me, found)) throw forbidden();
    authorId = found.userId ?? me.id;
    entry = { id: found.id, title: found.title };
  }

  const to = trackingDay(input.now ?? new Date());
  const from = addDays(to, -(days - 1));
  const rawFromDay = addDays(to, -1);
  const all: queries.Scope = {
    authorId,
    fromDay: from,
    fromStart: dayRange(from).start,
    rawFromDay,
    rawFromStart: dayRange(rawFromDay).start,
  };
  const [views, likes, comments, shares, followers, list] = await Promise.all([
    queries.viewCounts(db, all),
    queries.likeCounts(db, all),
    queries.commentCounts(db, all),
    queries.shareCounts(db, all),
    entry ? Promise.resolve([]) : queries.followerCounts(db, all),
    queries.authorEntries(db, authorId, ANALYTICS_ENTRY_LIMIT),
  ]);

  const dayList: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) dayList.push(day);
  const byDay = new Map<string, DayCounts>(
    dayList.map((day) => [day, { day, views: 0, likes: 0, comments: 0, shares: 0, followers: entry ? null : 0 }]),
  );
  const byEntry = new Map<string, { views: number; likes: number; comments: number; shares: number }>();
  const add = (rows: queries.CountRow[], key: 'views' | 'likes' | 'comments' | 'shares') => {
    for (const row of rows) {
      let perEntry = byEntry.get(row.entryId);
      if (!perEntry) {
        perEntry = { views: 0, likes: 0, comments: 0, shares: 0 };
        byEntry.set(row.entryId, perEntry);
      }
      perEntry[key] += row.n;
      const perDay = byDay.get(row.day);
      if (perDay && (!entry || row.entryId === entry.id)) perDay[key] += row.n;
    }
  };
  add(views, 'views');
  add(likes, 'likes');
  add(comments, 'comments');
  add(shares, 'shares');
  for (const row of followers) {
    const perDay = byDay.get(row.day);
    if (perDay && perDay.followers !== null) perDay.followers += row.n;
  }

  const daily = dayList.map((day) => byDay.get(day)!);
  const sum = (key: 'views' | 'likes' | 'comments' | 'shares') => daily.reduce((total, d) => total + d[key], 0);
  const totals = {
    views: sum('views'),
    likes: sum('likes'),
    comments: sum('comments'),
    shares: sum('shares'),
    followers: entry ? null : daily.reduce((total, d) => total + (d.followers ?? 0), 0),
  };
  const entryRows: EntryCounts[] = list
    .map((row) => {
      const counts = byEntry.get(row.id) ?? { views: 0, likes: 0, comments: 0, shares: 0 };
      return {
        id: row.id,
        title: row.title,
        type: row.type,
        createdAt: row.createdAt.toISOString(),
        ...counts,
        totalViews: row.viewCount,
      };
    })
    .sort((a, b) => b.views - a.views || b.likes - a.likes || (a.createdAt < b.createdAt ? 1 : -1));
  return { days, from, to, entry, daily, totals, entries: entryRows };
}
