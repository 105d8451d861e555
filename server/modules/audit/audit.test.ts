import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { auditLog } from '@db/schema/moderation.ts';
import { comments } from '@db/schema/social.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { auditPageSchema, publicLogSchema } from './audit.routes.ts';
import { audit } from './audit.service.ts';

let database: Database;
let app: TestApp;
let admin: TestUser;
let adminCookie: string;

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  admin = await createUser(database.db, { role: 'admin' });
  adminCookie = await signIn(app, admin);
});

describe('audit log', () => {
  it('records inside the acting transaction: a rolled-back action leaves no record', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await audit(
          { db: tx },
          {
            actor: admin,
            action: 'hide',
            targetType: 'entry',
            targetId: 'x'.repeat(24),
            reason: 'rolled back',
          },
        );
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    const rows = await database.db.select().from(auditLog).where(sql`${auditLog.reason} = 'rolled back'`);
    expect(rows).toHaveLength(0);
  });

  it('is append-only: the database refuses updates and deletes', async () => {
    await audit(
      { db: database.db },
      { actor: admin, action: 'hide', targetType: 'entry', targetId: 'y'.repeat(24), reason: '广告' },
    );
    await expect(database.db.update(auditLog).set({ reason: 'rewritten' })).rejects.toThrow();
    await expect(database.db.delete(auditLog)).rejects.toThrow();
    const rows = await database.db.select().from(auditLog).where(sql`${auditLog.reason} = '广告'`);
    expect(rows).toHaveLength(1);
  });

  it('lists newest first by pointer for admins; the public log names nobody', async () => {
    // Rows a millisecond apart, in the future, so the order does not hang on the clock.
    const base = Date.now() + 60_000;
    const row = (i: number, action: string, targetType: string, targetId: string, reason: string) => ({
      id: newId(),
      actorId: admin.id,
      actorName: admin.username,
      action,
      targetType,
      targetId,
      reason,
      createdAt: new Date(base + i),
    });
    for (let i = 0; i < 3; i++) {
      await database.db.insert(auditLog).values(row(i, 'restore', 'pin', `${i}`.repeat(24), `r${i}`));
    }
    await database.db.insert(auditLog).values(row(3, 'suspend', 'user', admin.id, 'private'));
    const first = await requestJson(app, '/api/admin/audit?limit=2', { headers: { cookie: adminCookie } });
    const page = envelopeOf(auditPageSchema).parse(first.body).d;
    expect(page.list.map((r) => r.action)).toEqual(['suspend', 'restore']);
    expect(page.list[0].actorName).toBe(admin.username);
    const second = envelopeOf(auditPageSchema).parse(
      (await requestJson(app, `/api/admin/audit?limit=2&pointer=${page.pointer}`, { headers: { cookie: adminCookie } }))
        .body,
    ).d;
    expect(second.list.map((r) => r.reason)).toEqual(['r1', 'r0']);

    const publicLog = await requestJson(app, '/api/moderation/log?limit=20');
    const log = envelopeOf(publicLogSchema).parse(publicLog.body).d;
    expect(log.list.map((r) => r.action)).not.toContain('suspend');
    expect(log.list.map((r) => r.reason)).toContain('r2');
    const text = JSON.stringify(publicLog.body);
    expect(text).not.toContain(admin.id);
    expect(text).not.toContain(admin.username);
    expect(text).not.toContain('2'.repeat(24));
  });

  it('names each target with a link to it, or as recorded once it is gone', async () => {
    const base = Date.now() + 120_000;
    const person = await createUser(database.db);
    const entry = await createEntry(database.db, { title: '审计对象文章' });
    // A comment is named by its first words and linked to where it sits (its parent's columns).
    const commentId = newId();
    await database.db
      .insert(comments)
      .values({ id: commentId, targetType: 'entry', targetId: entry.id, userId: person.id, content: '审计对象评论' });
    const records = [
      { action: 'hide', targetType: 'comment', targetId: commentId, reason: '', detail: {} },
      { action: 'hide', targetType: 'entry', targetId: entry.id, reason: '广告', detail: {} },
      { action: 'set_role', targetType: 'user', targetId: person.id, detail: { from: 'user', to: 'editor' } },
      { action: 'event_delete', targetType: 'event', targetId: newId(), detail: { title: '已删的活动' } },
      { action: 'system_notification', targetType: 'everyone', targetId: '*', detail: { content: '维护' } },
    ];
    for (const [i, r] of records.entries()) {
      await database.db.insert(auditLog).values({
        id: newId(),
        actorId: admin.id,
        actorName: admin.username,
        reason: '',
        ...r,
        createdAt: new Date(base + i),
      });
    }
    const { body } = await requestJson(app, '/api/admin/audit?limit=5', { headers: { cookie: adminCookie } });
    const list = envelopeOf(auditPageSchema).parse(body).d.list;
    expect(list.map((r) => [r.action, r.target])).toEqual([
      ['system_notification', { title: '所有人', href: null }],
      ['event_delete', { title: '已删的活动', href: null }],
      ['set_role', { title: person.username, href: `/user/${person.id}` }],
      ['hide', { title: '审计对象文章', href: `/entry/${entry.id}` }],
      ['hide', { title: '审计对象评论', href: `/entry/${entry.id}` }],
    ]);
    expect(list[3].reason).toBe('广告');
  });
});
