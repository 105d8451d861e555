import { describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { entryLikes, entryViews } from '@db/schema/content.ts';
import { comments, trackingDaily, trackingEvents } from '@db/schema/social.ts';
import { follows } from '@db/schema/users.ts';
import { newId } from '@core/ids.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { addDays, dayRange, trackingDay } from '../tracking/tracking.service.ts';
import { type AuthorAnalytics, getAuthorAnalytics } from './analytics.service.ts';

let database: Database;
let app: TestApp;

setUpTestApp({ categories: true }, (opened) => ({ database, app } = opened));

/** An instant `hours` after the start of the China Standard Time day `day`. */
const at = (day: string, hours = 10) => new Date(dayRange(day).start.getTime() + hours * 3_600_000);

async function scenario() {
  const author = await createUser(database.db);
  const other = await createUser(database.db);
  const readers = await Promise.all([1, 2, 3].map(() => createUser(database.db)));
  const first = await createEntry(database.db, { userId: author.id, title: '第一篇' });
  const second = await createEntry(database.db, { userId: author.id, title: '第二篇' });
  const foreign = await createEntry(database.db, { userId: other.id, title: '别人的' });
  const today = trackingDay();
  const d1 = addDays(today, -1);
  const d10 = addDays(today, -10);
  const d40 = addDays(today, -40);
  const d100 = addDays(today, -100);
  const view = (entryId: string, visitorId: string, day: string) =>
    database.db.insert(entryViews).values({ id: newId(), entryId, visitorId, day, createdAt: at(day) });
  // Views: first ×2 today, ×1 d10, ×1 d40, ×1 d100 (outside 90); second ×1 today; the other's entry ×1 today.
  await view(first.id, readers[0].id, today);
  await view(first.id, 's:aaaaaaaaaaaaaaaaaaaaaaaa', today);
  await view(first.id, readers[0].id, d10);
  await view(first.id, readers[1].id, d40);
  await view(first.id, readers[1].id, d100);
  await view(second.id, readers[2].id, today);
  await view(foreign.id, readers[2].id, today);
  // Likes: first by two readers (today, d10), second by one (d40); the other's entry by one (today).
  await database.db.insert(entryLikes).values([
    { userId: readers[0].id, entryId: first.id, createdAt: at(today, 1) },
    { userId: readers[1].id, entryId: first.id, createdAt: at(d10) },
    { userId: readers[2].id, entryId: second.id, createdAt: at(d40) },
    { userId: readers[2].id, entryId: foreign.id, createdAt: at(today, 1) },
  ]);
  // Comments: two on first today (one deleted: not counted), one reply on second at d1.
  const comment = (targetId: string, day: string, deleted = false) => ({
    id: newId(),
    targetType: 'entry' as const,
    targetId,
    userId: readers[0].id,
    content: '好文',
    deleted,
    createdAt: at(day, 2),
  });
  await database.db
    .insert(comments)
    .values([comment(first.id, today), comment(first.id, today, true), comment(second.id, d1)]);
  // Followers: two today, one at d40; a follow of someone else.
  await database.db.insert(follows).values([
    { followerId: readers[0].id, followeeId: author.id, createdAt: at(today, 3) },
    { followerId: readers[1].id, followeeId: author.id, createdAt: at(today, 4) },
    { followerId: readers[2].id, followeeId: author.id, createdAt: at(d40) },
    { followerId: readers[0].id, followeeId: other.id, createdAt: at(today) },
  ]);
  // Shares: first shared twice today (raw), once at d10 (rolled up); a like event is not a share.
  await database.db.insert(trackingEvents).values([
    { action: 'share', target: first.id, value: 'weibo', suid: 'a'.repeat(24), createdAt: at(today, 5) },
    { action: 'share', target: first.id, value: 'copy', suid: 'b'.repeat(24), createdAt: at(today, 6) },
    { action: 'like', target: first.id, suid: 'b'.repeat(24), createdAt: at(today, 6) },
  ]);
  await database.db
    .insert(trackingDaily)
    .values({ day: d10, action: 'share', target: first.id, events: 1, visitors: 1 });
  return { author, other, first, second, foreign, today, d1, d10, d40 };
}

const dayOf = (result: AuthorAnalytics, day: string) => result.daily.find((row) => row.day === day);

describe('author analytics', () => {
  it('counts views, likes, comments, shares and new followers per day, exactly, for the author only', async () => {
    const s = await scenario();
    const thirty = await getAuthorAnalytics(
      { db: database.db, viewer: { ...s.author, sessionId: '', clientId: '' } as never },
      {
        days: 30,
      },
    );
    expect(thirty.daily).toHaveLength(30);
    expect(thirty.to).toBe(s.today);
    expect(thirty.from).toBe(addDays(s.today, -29));
    expect(dayOf(thirty, s.today)).toEqual({ day: s.today, views: 3, likes: 1, comments: 1, shares: 2, followers: 2 });
    expect(dayOf(thirty, s.d10)).toEqual({ day: s.d10, views: 1, likes: 1, comments: 0, shares: 1, followers: 0 });
    expect(dayOf(thirty, s.d1)).toMatchObject({ comments: 1 });
    expect(thirty.totals).toEqual({ views: 4, likes: 2, comments: 2, shares: 3, followers: 2 });
    expect(thirty.entries.map((e) => [e.title, e.views, e.likes, e.comments, e.shares])).toEqual([
      ['第一篇', 3, 2, 1, 3],
      ['第二篇', 1, 0, 1, 0],
    ]);

    const ninety = await getAuthorAnalytics({ db: database.db, viewer: s.author as never }, { days: 90 });
    expect(ninety.daily).toHaveLength(90);
    expect(ninety.totals).toEqual({ views: 5, likes: 3, comments: 2, shares: 3, followers: 3 });
    expect(dayOf(ninety, s.d40)).toMatchObject({ views: 1, likes: 1, followers: 1 });

    const one = await getAuthorAnalytics(
      { db: database.db, viewer: s.author as never },
      { days: 30, entryId: s.second.id },
    );
    expect(one.entry).toEqual({ id: s.second.id, title: '第二篇' });
    expect(one.totals).toEqual({ views: 1, likes: 0, comments: 1, shares: 0, followers: null });
    expect(dayOf(one, s.today)).toEqual({ day: s.today, views: 1, likes: 0, comments: 0, shares: 0, followers: null });
  });

  it('answers the API: 401 signed out, 400 for other ranges, 403 for another’s entry (admins may), 404 for none', async () => {
    const s = await scenario();
    const cookie = await signIn(app, s.author);
    const mine = await requestJson<AuthorAnalytics>(app, '/api/analytics/author?days=30', { headers: { cookie } });
    expect(mine.status).toBe(200);
    expect(mine.body.d.totals.views).toBe(4);
    expect((await requestJson(app, '/api/analytics/author?days=30')).status).toBe(401);
    expect((await requestJson(app, '/api/analytics/author?days=7', { headers: { cookie } })).status).toBe(400);
    const theirs = await requestJson(app, `/api/analytics/author?days=30&entryId=${s.foreign.id}`, {
      headers: { cookie },
    });
    expect(theirs.status).toBe(403);
    const missing = await requestJson(app, `/api/analytics/author?days=30&entryId=${newId()}`, { headers: { cookie } });
    expect(missing.status).toBe(404);
    const admin = await createUser(database.db, { role: 'admin' });
    const asAdmin = await requestJson<AuthorAnalytics>(app, `/api/analytics/author?days=30&entryId=${s.foreign.id}`, {
      headers: { cookie: await signIn(app, admin) },
    });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.d.totals).toMatchObject({ views: 1, likes: 1 });
  });
});
