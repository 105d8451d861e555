import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { auditLog } from '@db/schema/moderation.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { TEST_ORIGIN, type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';

let database: Database;
let app: TestApp;
let admin: TestUser;
let cookie: string;

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  admin = await createUser(database.db, { role: 'admin' });
  cookie = await signIn(app, admin);
});

interface AdminBanner {
  id: string;
  position: string;
  url: string;
  textList: string[];
  startedAt: string;
  endedAt: string;
}

const post = <T>(path: string, json: unknown) =>
  requestJson<T>(app, path, { method: 'POST', headers: { cookie }, json });
const hour = 3_600_000;
const at = (offsetHours: number) => new Date(Date.now() + offsetHours * hour).toISOString();

async function running(position = 'aside') {
  const answer = await requestJson<{ bannerList: { id: string; textList: string[] }[] }>(
    app,
    `/api/banner/get_banner?position=${position}`,
  );
  return answer.body.d.bannerList;
}

describe('banners in the console', () => {
  it('creates, edits and deletes a banner; it runs only inside its window; every change audited', async () => {
    const created = await post<AdminBanner>('/api/banner/admin/save', {
      position: 'aside',
      url: '/events',
      textList: ['金砂开发者大会', '', '报名开启'],
      startedAt: at(-1),
      endedAt: at(24),
    });
    expect(created.status).toBe(200);
    expect(created.body.d.textList).toEqual(['金砂开发者大会', '报名开启']);
    const id = created.body.d.id;
    expect((await running()).map((b) => b.id)).toContain(id);

    const future = await post<AdminBanner>('/api/banner/admin/save', {
      id,
      position: 'aside',
      url: 'https://example.com/a',
      textList: ['以后再看'],
      startedAt: at(2),
      endedAt: at(24),
    });
    expect(future.body.d).toMatchObject({ id, url: 'https://example.com/a', textList: ['以后再看'] });
    expect((await running()).map((b) => b.id)).not.toContain(id);

    const list = await requestJson<{ list: AdminBanner[] }>(app, '/api/banner/admin/list', { headers: { cookie } });
    expect(list.body.d.list.map((b) => b.id)).toContain(id);

    expect((await post('/api/banner/admin/delete', { id })).status).toBe(200);
    expect(await post('/api/banner/admin/delete', { id })).toMatchObject({ status: 404, body: { m: '横幅不存在' } });

    const rows = await database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(rows.map((r) => r.action).sort()).toEqual(['banner_create', 'banner_delete', 'banner_update']);
  });

  it('refuses a window that ends before it starts, a script link, no text, too many lines', async () => {
    const base = { position: 'aside', url: '/x', textList: ['文字'], startedAt: at(0), endedAt: at(1) };
    const cases: [unknown, string][] = [
      [{ ...base, endedAt: at(-1) }, '结束时间必须晚于开始时间'],
      [{ ...base, url: 'javascript:alert(1)' }, '请填写以 http(s):// 或 / 开头的链接'],
      // Our own /api written absolutely, in any case or encoding, acts as whoever follows it.
      [{ ...base, url: `${TEST_ORIGIN}/api/post/entryDel?entryId=1` }, '请填写以 http(s):// 或 / 开头的链接'],
      [{ ...base, url: `${TEST_ORIGIN.toUpperCase()}/API/post/entryDel` }, '请填写以 http(s):// 或 / 开头的链接'],
      [{ ...base, url: `${TEST_ORIGIN}/%61pi/post/entryDel` }, '请填写以 http(s):// 或 / 开头的链接'],
      [{ ...base, textList: ['', ' '] }, '请填写横幅文字'],
      [{ ...base, textList: ['1', '2', '3', '4'] }, '横幅文字最多 3 行'],
      [{ ...base, imageUrl: 'javascript:x' }, '图片地址格式有误'],
      [{ ...base, id: 'c'.repeat(24) }, '横幅不存在'],
    ];
    for (const [json, message] of cases) {
      const answer = await post('/api/banner/admin/save', json);
      expect(answer.body.m, JSON.stringify(json)).toBe(message);
      expect(answer.status).toBeGreaterThanOrEqual(400);
    }
  });
});
