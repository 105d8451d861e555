import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { auditLog } from '@db/schema/moderation.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { lastSevenDays } from './admin.service.ts';

let database: Database;
let app: TestApp;
let admin: TestUser;
let person: TestUser;
const cookies: Record<string, string> = {};

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  admin = await createUser(database.db, { role: 'admin' });
  person = await createUser(database.db);
  for (const u of [admin, person]) cookies[u.id] = await signIn(app, u);
});

function call<T = unknown>(
  user: TestUser,
  path: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  return requestJson<T>(app, path, {
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

interface PersonRow {
  id: string;
  role: string;
  isXiaoceAuthor: boolean;
  mobilePhoneNumber: string | null;
  suspendedUntil: string | null;
  suspendReason: string;
}
type PeoplePage = { list: PersonRow[]; pointer: string };

describe('people (roles, booklet-author flag)', () => {
  it('finds people by a part of the name, by phone and by id; shows role, flag and a running suspension', async () => {
    const found = await createUser(database.db, { username: 'findme_甲乙', mobilePhoneNumber: '13912345678' });
    const byName = await call<PeoplePage>(admin, `/api/admin/people?q=${encodeURIComponent('FINDME')}`, {
      method: 'GET',
    });
    expect(byName.status).toBe(200);
    expect(byName.body.d.list.map((p) => p.id)).toEqual([found.id]);
    const byId = await call<PeoplePage>(admin, `/api/admin/people?q=${found.id}`, { method: 'GET' });
    expect(byId.body.d.list).toHaveLength(1);
    expect(byId.body.d.list[0]).toMatchObject({ role: 'user', isXiaoceAuthor: false, suspendedUntil: null });
    const byPhone = await call<PeoplePage>(admin, '/api/admin/people?q=13912345678', { method: 'GET' });
    expect(byPhone.body.d.list.map((p) => p.id)).toEqual([found.id]);
    // A wildcard in the query is a literal character, not "everything".
    const wildcard = await call<PeoplePage>(admin, `/api/admin/people?q=${encodeURIComponent('%')}`, { method: 'GET' });
    expect(wildcard.body.d.list).toEqual([]);

    await call(admin, '/api/admin/suspend', {
      json: { userId: found.id, until: '2099-01-01T00:00:00Z', reason: '发广告' },
    });
    const suspended = await call<PeoplePage>(admin, `/api/admin/people?q=${found.id}`, { method: 'GET' });
    expect(suspended.body.d.list[0]).toMatchObject({
      suspendedUntil: '2099-01-01T00:00:00.000Z',
      suspendReason: '发广告',
    });
  });

  it('pages newest first with a pointer', async () => {
    const first = await call<PeoplePage>(admin, '/api/admin/people?limit=2', { method: 'GET' });
    expect(first.body.d.list).toHaveLength(2);
    expect(first.body.d.pointer).toBeTruthy();
    const second = await call<PeoplePage>(
      admin,
      `/api/admin/people?limit=2&pointer=${encodeURIComponent(first.body.d.pointer)}`,
      {
        method: 'GET',
      },
    );
    const ids = [...first.body.d.list, ...second.body.d.list].map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('changes role and booklet-author flag, audited, at once for the person’s session; not one’s own role', async () => {
    const editor = await createUser(database.db);
    const editorCookie = await signIn(app, editor);
    const before = await requestJson(app, '/api/admin/content?type=entry', { headers: { cookie: editorCookie } });
    expect(before.status).toBe(403);

    const set = await call<PersonRow>(admin, '/api/admin/people/update', {
      json: { userId: editor.id, role: 'editor' },
    });
    expect(set.status).toBe(200);
    expect(set.body.d).toMatchObject({ id: editor.id, role: 'editor' });
    const after = await requestJson(app, '/api/admin/content?type=entry', { headers: { cookie: editorCookie } });
    expect(after.status).toBe(200);

    const flag = await call<PersonRow>(admin, '/api/admin/people/update', {
      json: { userId: editor.id, isXiaoceAuthor: true },
    });
    expect(flag.body.d.isXiaoceAuthor).toBe(true);

    const rows = await database.db.select().from(auditLog).where(eq(auditLog.targetId, editor.id));
    expect(rows.map((r) => [r.action, r.detail])).toEqual(
      expect.arrayContaining([
        ['set_role', { from: 'user', to: 'editor' }],
        ['set_booklet_author', { value: true }],
      ]),
    );
    expect(rows).toHaveLength(2);

    const own = await call<PersonRow>(admin, '/api/admin/people/update', { json: { userId: admin.id, role: 'user' } });
    expect(own).toMatchObject({ status: 400, body: { m: '不能修改自己的角色' } });
    const guest = await call<PersonRow>(admin, '/api/admin/people/update', {
      json: { userId: editor.id, role: 'guest' },
    });
    expect(guest.status).toBe(400);
    const missing = await call<PersonRow>(admin, '/api/admin/people/update', {
      json: { userId: 'b'.repeat(24), role: 'user' },
    });
    expect(missing).toMatchObject({ status: 404, body: { m: '此用户不存在' } });
    const nothing = await call<PersonRow>(admin, '/api/admin/people/update', { json: { userId: editor.id } });
    expect(nothing.status).toBe(400);
  });
});
