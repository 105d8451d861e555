import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@core/ids.ts';
import { monthOf } from '@core/events.ts';
import type { Database } from '@db/client.ts';
import { events } from '@db/schema/commerce.ts';
import { auditLog } from '@db/schema/moderation.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { TEST_ORIGIN, type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { envelopeOf, z } from '../../http/openapi.ts';
import { eventSchema } from './events.routes.ts';

let database: Database;
let app: TestApp;
let admin: TestUser;
let editor: TestUser;
let user: TestUser;
const cookies: Record<string, string> = {};

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const now = Date.now();
/** Each test run gets its own city set: the test database is shared by this file only. */
type Event = z.infer<typeof eventSchema>;
const listSchema = envelopeOf(
  z.object({ eventList: z.array(eventSchema), total: z.number(), pageNum: z.number(), pageSize: z.number() }),
);

async function insert(values: Partial<typeof events.$inferInsert> & { startedAt: Date; city: string }) {
  const id = newId();
  await database.db.insert(events).values({
    id,
    title: `活动 ${id.slice(-6)}`,
    address: '某地',
    url: 'https://example.com/e',
    endedAt: new Date(values.startedAt.getTime() + 3 * HOUR),
    ...values,
  });
  return id;
}

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  [admin, editor, user] = await Promise.all([
    createUser(database.db, { role: 'admin' }),
    createUser(database.db, { role: 'editor' }),
    createUser(database.db),
  ]);
  for (const u of [admin, editor, user]) cookies[u.id] = await signIn(app, u);
});

function as(who: TestUser | null, init: { method?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = who ? { cookie: cookies[who.id] } : {};
  return { ...init, headers };
}

async function list(query: string) {
  const response = await requestJson(app, `/api/event/getEventList?${query}`);
  expect(response.status).toBe(200);
  return listSchema.parse(response.body).d;
}

const input = {
  title: '  金砂技术沙龙·测试专场 ',
  city: '南京',
  address: '南京市玄武区 创新中心',
  url: 'https://example.com/nanjing',
  screenshot: '',
  showBanner: true,
  startedAt: '2031-03-05T14:00:00+08:00',
  endedAt: '2031-03-05T17:00:00+08:00',
};

describe('event list and month counts', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    // 武汉: two past, one running now, three coming (one a banner); 西安: one coming.
    ids.past1 = await insert({ city: '武汉', startedAt: new Date(now - 40 * DAY) });
    ids.past2 = await insert({ city: '武汉', startedAt: new Date(now - 10 * DAY) });
    ids.running = await insert({
      city: '武汉',
      startedAt: new Date(now - HOUR),
      endedAt: new Date(now + HOUR),
    });
    ids.soon = await insert({ city: '武汉', startedAt: new Date(now + 2 * DAY), showBanner: true });
    ids.later = await insert({ city: '武汉', startedAt: new Date(now + 20 * DAY) });
    ids.latest = await insert({ city: '武汉', startedAt: new Date(now + 50 * DAY) });
    ids.xian = await insert({ city: '西安', startedAt: new Date(now + 3 * DAY), showBanner: true });
  });

  it('lists coming events soonest first and past ones latest first, by city slug or name', async () => {
    const coming = await list('city=wuhan&status=coming&orderType=startTime');
    expect(coming.eventList.map((e) => e.id)).toEqual([ids.running, ids.soon, ids.later, ids.latest]);
    expect(coming.total).toBe(4);
    expect(coming.eventList[0]).toMatchObject({ city: '武汉', citySlug: 'wuhan', address: '某地' });
    const past = await list(`city=${encodeURIComponent('武汉')}&status=past`);
    expect(past.eventList.map((e) => e.id)).toEqual([ids.past2, ids.past1]);
    const all = await list('city=wuhan');
    expect(all.total).toBe(6);
    expect(all.eventList[0].id).toBe(ids.past1);
    // Every city: 西安's event too.
    expect((await list('city=all&status=coming')).eventList.map((e) => e.id)).toContain(ids.xian);
  });

  it('pages by pageNum and pageSize', async () => {
    const first = await list('city=wuhan&pageNum=1&pageSize=4');
    const second = await list('city=wuhan&pageNum=2&pageSize=4');
    expect(first.eventList).toHaveLength(4);
    expect(second.eventList.map((e) => e.id)).toEqual([ids.later, ids.latest]);
    expect(second).toMatchObject({ total: 6, pageNum: 2, pageSize: 4 });
    const beyond = await list('city=wuhan&pageNum=3&pageSize=4');
    expect(beyond.eventList).toEqual([]);
  });

  it('filters by China-time month', async () => {
    const month = monthOf(now + 50 * DAY);
    const inMonth = await list(`city=wuhan&month=${month}`);
    expect(inMonth.eventList.map((e) => e.id)).toContain(ids.latest);
    for (const event of inMonth.eventList) expect(monthOf(event.startedAt)).toBe(month);
    // 16:30 UTC on the last day of a month is already the next month in China.
    const edge = await insert({ city: '武汉', startedAt: new Date('2030-01-31T16:30:00Z') });
    expect((await list('city=wuhan&month=2030-02')).eventList.map((e) => e.id)).toEqual([edge]);
    expect((await list('city=wuhan&month=2030-01')).eventList).toEqual([]);
    await database.db.delete(events).where(eq(events.id, edge));
  });

  it('gives banner events: showBanner 1, not ended, pageNum 1, pageSize 20', async () => {
    const banners = await list('showBanner=1&status=coming&pageNum=1&pageSize=20');
    const bannerIds = banners.eventList.map((e) => e.id);
    expect(bannerIds).toContain(ids.soon);
    expect(bannerIds).toContain(ids.xian);
    expect(bannerIds).not.toContain(ids.later);
    expect(banners.eventList.every((e) => e.showBanner)).toBe(true);
  });

  it('counts events per month for a city', async () => {
    const response = await requestJson<{ monthList: Array<{ month: string; count: number }> }>(
      app,
      '/api/event/getMonthEventCount?city=wuhan',
    );
    expect(response.status).toBe(200);
    const expected = new Map<string, number>();
    for (const at of [now - 40 * DAY, now - 10 * DAY, now - HOUR, now + 2 * DAY, now + 20 * DAY, now + 50 * DAY]) {
      expected.set(monthOf(at), (expected.get(monthOf(at)) ?? 0) + 1);
    }
    expect(response.body.d.monthList).toEqual(
      [...expected].sort(([a], [b]) => a.localeCompare(b)).map(([month, count]) => ({ month, count })),
    );
    const xian = await requestJson<{ monthList: unknown[] }>(app, '/api/event/getMonthEventCount?city=xian');
    expect(xian.body.d.monthList).toEqual([{ month: monthOf(now + 3 * DAY), count: 1 }]);
  });

  it('refuses unknown cities, malformed months and pages out of range', async () => {
    const city = await requestJson(app, '/api/event/getEventList?city=atlantis');
    expect(city.status).toBe(400);
    expect(city.body.m).toBe('城市不存在');
    expect((await requestJson(app, '/api/event/getMonthEventCount?city=atlantis')).status).toBe(400);
    const month = await requestJson(app, '/api/event/getEventList?month=2026-13');
    expect(month.status).toBe(400);
    expect(month.body.m).toBe('月份格式有误');
    expect((await requestJson(app, '/api/event/getEventList?pageSize=21')).status).toBe(400);
    expect((await requestJson(app, '/api/event/getEventList?pageNum=0')).status).toBe(400);
    expect((await requestJson(app, '/api/event/getEventList?orderType=hot')).status).toBe(400);
  });
});

describe('administrators manage events', () => {
  it('creates, reads, edits and deletes; others get 401 / 403', async () => {
    expect((await requestJson(app, '/api/event/create', as(null, { method: 'POST', json: input }))).status).toBe(401);
    for (const who of [user, editor]) {
      const refused = await requestJson(app, '/api/event/create', as(who, { method: 'POST', json: input }));
      expect(refused.status).toBe(403);
      expect(refused.body.m).toBe('Forbidden');
    }
    const created = await requestJson<Event>(app, '/api/event/create', as(admin, { method: 'POST', json: input }));
    expect(created.status).toBe(200);
    const event = envelopeOf(eventSchema).parse(created.body).d;
    expect(event).toMatchObject({
      title: '金砂技术沙龙·测试专场',
      city: '南京',
      citySlug: 'nanjing',
      showBanner: true,
      startedAt: '2031-03-05T06:00:00.000Z',
      endedAt: '2031-03-05T09:00:00.000Z',
    });
    const [row] = await database.db.select().from(events).where(eq(events.id, event.id));
    expect(row.userId).toBe(admin.id);
    expect((await list('city=nanjing&month=2031-03')).eventList.map((e) => e.id)).toEqual([event.id]);

    const edit = { ...input, eventId: event.id, title: '改名后的活动', city: '西安', showBanner: false };
    for (const who of [user, editor]) {
      expect((await requestJson(app, '/api/event/update', as(who, { method: 'POST', json: edit }))).status).toBe(403);
    }
    const updated = await requestJson<Event>(app, '/api/event/update', as(admin, { method: 'POST', json: edit }));
    expect(updated.status).toBe(200);
    expect(updated.body.d).toMatchObject({ title: '改名后的活动', city: '西安', showBanner: false });
    const read = await requestJson<Event>(app, `/api/event/getEvent?eventId=${event.id}`);
    expect(read.body.d.title).toBe('改名后的活动');

    const removeAs = (who: TestUser | null) =>
      requestJson(app, '/api/event/delete', as(who, { method: 'POST', json: { eventId: event.id } }));
    expect((await removeAs(null)).status).toBe(401);
    expect((await removeAs(user)).status).toBe(403);
    expect((await removeAs(admin)).status).toBe(200);
    expect((await removeAs(admin)).status).toBe(404);
    // Every administrator action is in the audit log, in its transaction.
    const audited = await database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.targetId, event.id))
      .orderBy(auditLog.createdAt);
    expect(audited).toEqual([
      { action: 'event_create', actorId: admin.id },
      { action: 'event_update', actorId: admin.id },
      { action: 'event_delete', actorId: admin.id },
    ]);
    const gone = await requestJson(app, `/api/event/getEvent?eventId=${event.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.m).toBe('活动不存在');
    const missing = await requestJson(app, '/api/event/update', as(admin, { method: 'POST', json: edit }));
    expect(missing.status).toBe(404);
  });

  it('refuses bad input with the spec’s words', async () => {
    const post = (json: unknown) => requestJson(app, '/api/event/create', as(admin, { method: 'POST', json }));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '  ' }, '请填写活动名称'],
      [{ title: 'x'.repeat(101) }, '活动名称不能超过100个字'],
      [{ city: '火星' }, '请选择城市'],
      [{ address: '' }, '请填写活动地点'],
      [{ url: 'javascript:alert(1)' }, '活动链接格式有误'],
      // Our own /api written absolutely, in any case or encoding, acts as whoever follows it.
      [{ url: `${TEST_ORIGIN}/api/post/entryDel?entryId=1` }, '活动链接格式有误'],
      [{ url: `${TEST_ORIGIN.toUpperCase()}/API/post/entryDel?entryId=1` }, '活动链接格式有误'],
      [{ url: `${TEST_ORIGIN}/%61pi/post/entryDel?entryId=1` }, '活动链接格式有误'],
      [{ startedAt: 'tomorrow' }, '请填写开始时间'],
      [{ endedAt: '2031-03-05T13:00:00+08:00' }, '结束时间必须晚于开始时间'],
      [{ screenshot: '/api/post/entryDel?entryId=1' }, '封面只能是本站上传的图片或 http(s) 外链'],
    ];
    for (const [change, message] of cases) {
      const response = await post({ ...input, ...change });
      expect(response.status, message).toBe(400);
      expect(response.body.m).toBe(message);
    }
    // A site path is a fine link; an upload a fine cover.
    const ok = await post({ ...input, url: '/books', screenshot: '/uploads/events/cover.webp' });
    expect(ok.status).toBe(200);
    expect((await post({ ...input, url: `${TEST_ORIGIN}/books` })).status).toBe(200);
  });
});
