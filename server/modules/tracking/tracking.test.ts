import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { trackingDaily, trackingEvents } from '@db/schema/social.ts';
import { BROWSER_REQUESTS } from '../../../tests/setup/browser-requests.ts';
import { type TestApp, createTestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { createUser } from '../../../tests/factories/users.ts';
import {
  addDays,
  dayRange,
  rollupTrackingDays,
  runTrackingMaintenance,
  storedUrl,
  trackingDay,
} from './tracking.service.ts';

let database: Database;
let app: TestApp;

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
];
const SUID_A = 'a1'.repeat(12);
const SUID_B = 'b2'.repeat(12);
const browser = (suid = SUID_A) => ({
  'user-agent': BROWSER,
  cookie: `jinsha_suid=${suid}`,
  ...BROWSER_REQUESTS.ownScript,
});

setUpTestApp({}, (opened) => ({ database, app } = opened));
beforeEach(async () => {
  await database.db.delete(trackingEvents);
  await database.db.delete(trackingDaily);
});

const rows = () => database.db.select().from(trackingEvents).orderBy(asc(trackingEvents.id));

describe('tracking endpoints', () => {
  it('records a page view with the path only (no query), the visitor and the referrer', async () => {
    const user = await createUser(database.db);
    const cookie = `${await signIn(app, user)}; jinsha_suid=${SUID_A}`;
    const location = encodeURIComponent('/entry/abc?token=secret#top');
    const referrer = encodeURIComponent('https://www.google.com/search?q=jinsha');
    const answer = await requestJson(app, `/api/track/punch?location=${location}&referrer=${referrer}`, {
      headers: { ...browser(), cookie },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.d).toEqual({ recorded: true });
    const [row] = await rows();
    expect(row).toMatchObject({
      action: 'pageview',
      location: '/entry/abc',
      referrer: 'https://www.google.com/search',
      userId: user.id,
      suid: SUID_A,
    });
  });

  it('stores nothing for search-engine bots and answers recorded: false', async () => {
    const entryId = newId();
    for (const ua of BOTS) {
      const headers = { 'user-agent': ua };
      const calls = [
        requestJson(app, '/api/track/punch?location=/', { headers }),
        requestJson(app, `/api/track/log?entryList=${entryId}`, { headers }),
        requestJson(app, `/api/track/collector?entryList=${entryId}`, { headers }),
        requestJson(app, '/api/track/event', { method: 'POST', headers, json: { action: 'like', target: entryId } }),
        requestJson(app, '/api/track/extension', { method: 'POST', headers, json: { event: 'show' } }),
      ];
      for (const answer of await Promise.all(calls)) {
        expect(answer.status).toBe(200);
        expect(answer.body.d).toEqual({ recorded: false });
      }
      const suid = await requestJson<{ suid: string | null }>(app, '/api/track/gen_suid', { headers });
      expect(suid.body.d.suid).toBeNull();
      expect(suid.headers.get('set-cookie')).toBeNull();
    }
    expect(await rows()).toHaveLength(0);
  });

  it('records list statistics with the entry ids joined by a pipe, and refuses a bad or empty list', async () => {
    const ids = [newId(), newId(), newId()];
    const log = await requestJson(app, `/api/track/log?entryList=${ids.join('|')}&src=timeline`, {
      headers: browser(),
    });
    expect(log.status).toBe(200);
    const collector = await requestJson(app, `/api/track/collector?entryList=${ids[0]}&src=recommend`, {
      headers: browser(),
    });
    expect(collector.status).toBe(200);
    expect((await rows()).map((row) => [row.action, row.target, row.value])).toEqual([
      ['log', 'timeline', ids.join('|')],
      ['collector', 'recommend', ids[0]],
    ]);
    for (const bad of ['', 'xyz', `${ids[0]}|nope`, Array.from({ length: 21 }, () => newId()).join('|')]) {
      const answer = await requestJson(app, `/api/track/log?entryList=${encodeURIComponent(bad)}`, {
        headers: browser(),
      });
      expect(answer.status).toBe(400);
    }
    expect(await rows()).toHaveLength(2);
  });

  it('records behaviour events and extension banner events, refusing unknown ones', async () => {
    const target = newId();
    for (const action of ['click', 'like', 'unlike', 'collect', 'uncollect', 'view', 'share', 'follow', 'unfollow']) {
      const answer = await requestJson(app, '/api/track/event', {
        method: 'POST',
        headers: browser(),
        json: { action, target, value: 'weibo', location: 'http://localhost/entry/x?y=1', referrer: '' },
      });
      expect(answer.status).toBe(200);
    }
    for (const event of ['show', 'click', 'close']) {
      const answer = await requestJson(app, '/api/track/extension', {
        method: 'POST',
        headers: browser(),
        json: { event, version: '2' },
      });
      expect(answer.status).toBe(200);
    }
    const bad = await requestJson(app, '/api/track/event', {
      method: 'POST',
      headers: browser(),
      json: { action: 'purchase', target },
    });
    expect(bad.status).toBe(400);
    expect(
      (await requestJson(app, '/api/track/extension', { method: 'POST', headers: browser(), json: { event: 'hover' } }))
        .status,
    ).toBe(400);
    const stored = await rows();
    expect(stored.map((row) => row.action)).toEqual([
      'click',
      'like',
      'unlike',
      'collect',
      'uncollect',
      'view',
      'share',
      'follow',
      'unfollow',
      'extension_show',
      'extension_click',
      'extension_close',
    ]);
    expect(stored[6]).toMatchObject({ target, value: 'weibo', location: '/entry/x', suid: SUID_A, userId: null });
    expect(stored[11]).toMatchObject({ value: '2' });
  });

  it('refuses the writes from other sites, images and links (CSRF and the GET-write guard)', async () => {
    const entryId = newId();
    for (const headers of [BROWSER_REQUESTS.crossSite, BROWSER_REQUESTS.ownPageImage, BROWSER_REQUESTS.ownPageLink]) {
      expect((await requestJson(app, '/api/track/punch?location=/', { headers })).status).toBe(403);
      expect((await requestJson(app, `/api/track/log?entryList=${entryId}`, { headers })).status).toBe(403);
    }
    const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect(
      (await requestJson(app, '/api/track/event', { method: 'POST', headers: foreign, json: { action: 'like' } }))
        .status,
    ).toBe(403);
    expect(await rows()).toHaveLength(0);
  });

  it('limits the events a visitor may send per minute (429), another visitor unaffected', async () => {
    const limited = createTestApp(database, { TRACKING_MAX_PER_VISITOR_MINUTE: '3' });
    const punch = (suid: string) => requestJson(limited, '/api/track/punch?location=/', { headers: browser(suid) });
    for (let i = 0; i < 3; i++) expect((await punch(SUID_A)).status).toBe(200);
    const over = await punch(SUID_A);
    expect(over.status).toBe(429);
    expect(over.body.m).toBe('操作过于频繁，请稍后再试');
    expect((await punch(SUID_B)).status).toBe(200);
    expect(await rows()).toHaveLength(4);
  });

  it('gives the visitor id: the cookie’s, else a new one as a cookie, else the kept one restored', async () => {
    const kept = await requestJson<{ suid: string }>(app, '/api/track/gen_suid', { headers: browser() });
    expect(kept.body.d.suid).toBe(SUID_A);
    expect(kept.headers.get('set-cookie')).toBeNull();

    const fresh = await requestJson<{ suid: string }>(app, '/api/track/gen_suid', {
      headers: { 'user-agent': BROWSER },
    });
    expect(fresh.body.d.suid).toMatch(/^[0-9a-f]{24}$/);
    expect(fresh.headers.get('set-cookie')).toContain(`jinsha_suid=${fresh.body.d.suid}`);
    expect(fresh.headers.get('cache-control')).toContain('no-store');

    const restored = await requestJson<{ suid: string }>(app, `/api/track/gen_suid?suid=${SUID_B}`, {
      headers: { 'user-agent': BROWSER },
    });
    expect(restored.body.d.suid).toBe(SUID_B);
    expect(restored.headers.get('set-cookie')).toContain(`jinsha_suid=${SUID_B}`);
    // A kept id never replaces the cookie's.
    const cookieWins = await requestJson<{ suid: string }>(app, `/api/track/gen_suid?suid=${SUID_B}`, {
      headers: browser(SUID_A),
    });
    expect(cookieWins.body.d.suid).toBe(SUID_A);
  });
});

describe('storedUrl', () => {
  it('keeps our paths, foreign origins with paths, and drops queries and other schemes', () => {
    const site = 'https://jinsha.dev';
    expect(storedUrl('/entry/1?a=b#c', site)).toBe('/entry/1');
    expect(storedUrl('https://jinsha.dev/pins?x=1', site)).toBe('/pins');
    expect(storedUrl('https://www.baidu.com/s?wd=x', site)).toBe('https://www.baidu.com/s');
    expect(storedUrl('javascript:alert(1)', site)).toBe('');
    expect(storedUrl(`/${'a'.repeat(500)}`, site)).toHaveLength(200);
    expect(storedUrl(undefined, site)).toBe('');
  });
});

async function insertAt(createdAt: Date, event: Partial<typeof trackingEvents.$inferInsert> & { action: string }) {
  await database.db.insert(trackingEvents).values({ createdAt, ...event });
}

async function daily(day: string) {
  return database.db
    .select({
      action: trackingDaily.action,
      target: trackingDaily.target,
      events: trackingDaily.events,
      visitors: trackingDaily.visitors,
    })
    .from(trackingDaily)
    .where(eq(trackingDaily.day, day))
    .orderBy(asc(trackingDaily.action), asc(trackingDaily.target));
}

describe('daily rollup and retention', () => {
  it('rolls a China Standard Time day up exactly: events and distinct visitors per action and target', async () => {
    const day = '2026-11-20';
    const { start, end } = dayRange(day);
    expect(start.toISOString()).toBe('2026-11-19T16:00:00.000Z');
    const entryA = newId();
    const entryB = newId();
    const user = newId();
    // Just outside the day on both sides: not counted.
    await insertAt(new Date(start.getTime() - 1), { action: 'like', target: entryA, suid: SUID_A });
    await insertAt(end, { action: 'like', target: entryA, suid: SUID_A });
    // Inside: three likes of A by two visitors, one of B; page views by path; list impressions per entry.
    await insertAt(start, { action: 'like', target: entryA, suid: SUID_A });
    await insertAt(new Date(start.getTime() + 1000), { action: 'like', target: entryA, suid: SUID_A });
    await insertAt(new Date(end.getTime() - 1), { action: 'like', target: entryA, userId: user, suid: SUID_B });
    await insertAt(new Date(start.getTime() + 5000), { action: 'like', target: entryB, userId: user, suid: SUID_B });
    await insertAt(new Date(start.getTime() + 6000), { action: 'pageview', location: '/pins', suid: SUID_A });
    await insertAt(new Date(start.getTime() + 7000), { action: 'pageview', location: '/pins', suid: SUID_B });
    await insertAt(new Date(start.getTime() + 8000), {
      action: 'log',
      target: 'timeline',
      value: `${entryA}|${entryB}`,
      suid: SUID_A,
    });
    await insertAt(new Date(start.getTime() + 9000), { action: 'collector', value: entryA, suid: SUID_A });
    await insertAt(new Date(start.getTime() + 9500), { action: 'log', target: 'tag', value: entryA, suid: SUID_B });

    await rollupTrackingDays(database, [day]);
    const expected = [
      { action: 'collector', target: entryA, events: 1, visitors: 1 },
      { action: 'like', target: entryA, events: 3, visitors: 2 },
      { action: 'like', target: entryB, events: 1, visitors: 1 },
      { action: 'log', target: entryA, events: 2, visitors: 2 },
      { action: 'log', target: entryB, events: 1, visitors: 1 },
      { action: 'pageview', target: '/pins', events: 2, visitors: 2 },
    ].sort((a, b) => (a.action + a.target < b.action + b.target ? -1 : 1));
    expect(await daily(day)).toEqual(expected);
    // Running it again gives the same rows (a day is recomputed whole), and a later event is added.
    await rollupTrackingDays(database, [day]);
    expect(await daily(day)).toEqual(expected);
    await insertAt(new Date(start.getTime() + 10_000), { action: 'like', target: entryB, suid: SUID_A });
    await rollupTrackingDays(database, [day]);
    expect((await daily(day)).find((row) => row.action === 'like' && row.target === entryB)).toEqual({
      action: 'like',
      target: entryB,
      events: 2,
      visitors: 2,
    });
  });

  it('deletes raw events older than the retention after rolling their days up, and old rollup rows', async () => {
    const now = new Date('2026-11-24T04:00:00Z');
    const today = trackingDay(now);
    expect(today).toBe('2026-11-24');
    const entry = newId();
    const oldDay = addDays(today, -31);
    const keptDay = addDays(today, -29);
    await insertAt(new Date(dayRange(oldDay).start.getTime() + 3_600_000), {
      action: 'view',
      target: entry,
      suid: SUID_A,
    });
    await insertAt(new Date(dayRange(oldDay).start.getTime() + 7_200_000), {
      action: 'view',
      target: entry,
      suid: SUID_B,
    });
    await insertAt(new Date(dayRange(keptDay).start.getTime() + 3_600_000), {
      action: 'view',
      target: entry,
      suid: SUID_A,
    });
    await insertAt(new Date(now.getTime() - 60_000), { action: 'view', target: entry, suid: SUID_A });
    // A rollup row beyond the daily retention.
    await database.db
      .insert(trackingDaily)
      .values({ day: addDays(today, -401), action: 'view', target: entry, events: 9, visitors: 9 });

    const report = await runTrackingMaintenance(database, { rawRetentionDays: 30, dailyRetentionDays: 400, now });
    expect(report).toMatchObject({ ran: true, rawDeleted: 2, dailyDeleted: 1 });
    expect(report.rolledUp).toEqual([oldDay, addDays(today, -1), today]);

    const left = await rows();
    expect(left.map((row) => trackingDay(row.createdAt))).toEqual([keptDay, today]);
    expect(await daily(oldDay)).toEqual([{ action: 'view', target: entry, events: 2, visitors: 2 }]);
    expect(await daily(today)).toEqual([{ action: 'view', target: entry, events: 1, visitors: 1 }]);
    const [{ n }] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(trackingDaily)
      .where(sql`${trackingDaily.day} < ${addDays(today, -400)}::date`);
    expect(n).toBe(0);
  });

  it('runs on one instance at a time: a second run while one holds the lock does nothing', async () => {
    const options = { rawRetentionDays: 30, dailyRetentionDays: 400 };
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('jinsha:tracking-maintenance'))`);
      if (database.driver === 'postgres') {
        const report = await runTrackingMaintenance(database, options);
        expect(report.ran).toBe(false);
      }
    });
    expect((await runTrackingMaintenance(database, options)).ran).toBe(true);
  });
});
