import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { auditLog } from '@db/schema/moderation.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { type TestApp, createTestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { lastSevenDays } from './admin.service.ts';

let database: Database;
let app: TestApp;
let admin: TestUser;
let person: TestUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestApp(database);
  admin = await createUser(database.db, { role: 'admin' });
  person = await createUser(database.db);
  for (const u of [admin, person]) cookies[u.id] = await signIn(app, u);
});
afterAll(() => database?.close());

function call(
  user: TestUser,
  path: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  return requestJson(app, path, {
    method: init.method ?? 'POST',
    json: init.json,
    headers: { cookie: cookies[user.id], ...init.headers },
  });
}

describe('suspension', () => {
  it('a suspended person reads but cannot write and is told why and until when; lifting it restores writing', async () => {
    const entry = await createEntry(database.db);
    const comment = { targetType: 'entry', targetId: entry.id, content: '一条评论' };
    expect((await call(person, '/api/comment/comment', { json: comment })).status).toBe(200);

    const past = await call(admin, '/api/admin/suspend', {
      json: { userId: person.id, until: '2000-01-01T00:00:00Z', reason: '刷屏' },
    });
    expect(past.body.m).toBe('结束时间必须晚于现在');
    const noReason = await call(admin, '/api/admin/suspend', {
      json: { userId: person.id, until: '2099-01-01T00:00:00Z' },
    });
    expect(noReason.body.m).toBe('请填写原因');
    const suspended = await call(admin, '/api/admin/suspend', {
      json: { userId: person.id, until: '2099-01-01T00:00:00+08:00', reason: '多次发布广告' },
    });
    expect(suspended.status).toBe(200);

    const refused = await call(person, '/api/comment/comment', { json: comment });
    expect(refused.status).toBe(403);
    expect(refused.body.m).toContain('你的账号已被暂停使用至 2099-01-01');
    expect(refused.body.m).toContain('原因：多次发布广告');
    // A GET write too, while reading still works.
    const getWrite = await call(person, `/api/post/entryDel?entryId=${entry.id}`, {
      method: 'GET',
      headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'empty' },
    });
    expect(getWrite.status).toBe(403);
    expect((await call(person, `/api/post/getEntry?entryId=${entry.id}`, { method: 'GET' })).status).toBe(200);
    // What reading records (the view count, page views, tracking) is not refused.
    const sameOrigin = { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'empty' };
    const viewed = await call(person, `/api/view/getEntryView?entryId=${entry.id}`, {
      method: 'GET',
      headers: sameOrigin,
    });
    expect(viewed.status).toBe(200);
    const punched = await call(person, '/api/track/punch?location=%2F', { method: 'GET', headers: sameOrigin });
    expect(punched.status).not.toBe(403);

    expect((await call(admin, '/api/admin/suspend', { json: { userId: person.id, until: null } })).status).toBe(200);
    expect((await call(person, '/api/comment/comment', { json: comment })).status).toBe(200);
    const audited = await database.db
      .select({ action: auditLog.action, reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.targetId, person.id));
    expect(audited.map((a) => a.action).sort()).toEqual(['suspend', 'unsuspend']);
  });
});

describe('dashboard days', () => {
  it('cuts days at midnight in China', () => {
    // 2026-11-24 17:00 UTC is 2026-11-25 01:00 in China.
    const { days, since } = lastSevenDays(new Date('2026-11-24T17:00:00Z'));
    expect(days).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    expect(since.toISOString()).toBe('2026-11-18T16:00:00.000Z');
  });
});
