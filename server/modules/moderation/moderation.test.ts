import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { entries } from '@db/schema/content.ts';
import { auditLog, reports } from '@db/schema/moderation.ts';
import { comments, pins, systemNotifications } from '@db/schema/social.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestAs, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';

let database: Database;
let app: TestApp;
let admin: TestUser;
let editor: TestUser;
let author: TestUser;
let reader: TestUser;
const cookies: Record<string, string> = {};

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  admin = await createUser(database.db, { role: 'admin' });
  editor = await createUser(database.db, { role: 'editor' });
  author = await createUser(database.db);
  reader = await createUser(database.db);
  for (const u of [admin, editor, author, reader]) cookies[u.id] = await signIn(app, u);
});

function call<T = unknown>(user: TestUser | null, path: string, json?: unknown) {
  return requestAs<T>(app, user ? (cookies[user.id] ?? null) : null, path, json);
}

async function noticesOf(user: TestUser) {
  const rows = await database.db
    .select({ content: systemNotifications.content })
    .from(systemNotifications)
    .where(eq(systemNotifications.userId, user.id));
  return rows.map((r) => r.content);
}

describe('visible moderation', () => {
  it('hides with a reason, the author sees it and appeals once, an admin restores; all audited and public', async () => {
    const entry = await createEntry(database.db, { userId: author.id, title: '一篇会被隐藏的文章' });
    expect(
      (await call(author, '/api/admin/hide', { targetType: 'entry', targetId: entry.id, reason: 'x' })).status,
    ).toBe(403);
    const empty = await call(admin, '/api/admin/hide', { targetType: 'entry', targetId: entry.id, reason: '  ' });
    expect(empty.body.m).toBe('请填写原因');
    const hidden = await call(admin, '/api/admin/hide', { targetType: 'entry', targetId: entry.id, reason: '标题党' });
    expect(hidden.status).toBe(200);
    const again = await call(admin, '/api/admin/hide', { targetType: 'entry', targetId: entry.id, reason: '标题党' });
    expect(again.body.m).toBe('内容已被隐藏');

    // Others: gone from the page and the feeds; the author still reads it.
    expect((await call(reader, `/api/post/getEntry?entryId=${entry.id}`)).status).toBe(404);
    expect((await call(null, `/api/post/getEntry?entryId=${entry.id}`)).status).toBe(404);
    expect((await call(author, `/api/post/getEntry?entryId=${entry.id}`)).status).toBe(200);
    const feed = await call<{ entrylist: Array<{ id: string }> }>(
      null,
      `/api/timeline/get_entry_by_timeline?limit=100&src=web`,
    );
    expect(feed.body.d.entrylist.map((e) => e.id)).not.toContain(entry.id);
    const byIds = await call<{ entrylist: Array<{ id: string }> }>(
      null,
      `/api/timeline/get_entry_by_ids?entryIds=${entry.id}`,
    );
    expect(JSON.stringify(byIds.body.d)).not.toContain(entry.id);
    expect((await noticesOf(author)).join()).toContain('原因：标题党');

    // Only the author appeals, once, with a text.
    expect(
      (await call(reader, '/api/moderation/appeal', { targetType: 'entry', targetId: entry.id, text: '我' })).status,
    ).toBe(403);
    expect(
      (await call(author, '/api/moderation/appeal', { targetType: 'entry', targetId: entry.id, text: ' ' })).body.m,
    ).toBe('请填写申诉理由');
    const appealed = await call(author, '/api/moderation/appeal', {
      targetType: 'entry',
      targetId: entry.id,
      text: '标题与内容一致，请复核',
    });
    expect(appealed.status).toBe(200);
    const twice = await call(author, '/api/moderation/appeal', {
      targetType: 'entry',
      targetId: entry.id,
      text: '再次申诉',
    });
    expect(twice.body.m).toBe('每次隐藏只能申诉一次');

    // The appeal is in the queue; restoring resolves it.
    const queue = await call<{
      list: Array<{ id: string; kind: string; targetId: string; text: string; hidden: boolean }>;
    }>(admin, '/api/admin/reports?kind=appeal');
    const item = queue.body.d.list.find((r) => r.targetId === entry.id);
    expect(item).toMatchObject({ kind: 'appeal', text: '标题与内容一致，请复核', hidden: true });
    expect((await call(editor, '/api/admin/reports/resolve', { reportId: item?.id, action: 'restore' })).status).toBe(
      403,
    );
    const restored = await call(admin, '/api/admin/reports/resolve', {
      reportId: item?.id,
      action: 'restore',
      reason: '复核通过',
    });
    expect(restored.body.d).toEqual({ status: 'restored' });
    expect((await call(reader, `/api/post/getEntry?entryId=${entry.id}`)).status).toBe(200);
    expect((await noticesOf(author)).join()).toContain('已恢复显示');

    const audited = await database.db
      .select({ action: auditLog.action, reason: auditLog.reason, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.targetId, entry.id));
    expect(audited.map((a) => [a.action, a.reason]).sort()).toEqual([
      ['hide', '标题党'],
      ['restore', '复核通过'],
    ]);
    const log = await call<{ list: Array<{ action: string; reason: string; targetType: string }> }>(
      null,
      '/api/moderation/log',
    );
    expect(log.body.d.list.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'restore', targetType: 'entry', reason: '复核通过' }),
      expect.objectContaining({ action: 'hide', targetType: 'entry', reason: '标题党' }),
    ]);
    expect(JSON.stringify(log.body)).not.toContain(author.id);
  });

  it('a report reaches the queue, hiding resolves it and the reporter is told; dismissing tells them too', async () => {
    const entry = await createEntry(database.db, { userId: author.id, title: '被举报的文章' });
    expect(
      (await call(null, '/api/moderation/report', { targetType: 'entry', targetId: entry.id, reason: 'spam' })).status,
    ).toBe(401);
    const bad = await call(reader, '/api/moderation/report', {
      targetType: 'entry',
      targetId: entry.id,
      reason: 'nope',
    });
    expect(bad.body.m).toBe('请选择举报原因');
    const missing = await call(reader, '/api/moderation/report', {
      targetType: 'entry',
      targetId: newId(),
      reason: 'spam',
    });
    expect(missing.status).toBe(404);
    const ok = await call(reader, '/api/moderation/report', {
      targetType: 'entry',
      targetId: entry.id,
      reason: 'spam',
      text: '全文都是广告链接',
    });
    expect(ok.status).toBe(200);
    const twice = await call(reader, '/api/moderation/report', {
      targetType: 'entry',
      targetId: entry.id,
      reason: 'spam',
    });
    expect(twice.body.m).toBe('你已经举报过了，请等待处理');

    const queue = await call<{
      list: Array<{ id: string; targetId: string; reasonLabel: string; reporterName: string }>;
    }>(admin, '/api/admin/reports');
    const item = queue.body.d.list.find((r) => r.targetId === entry.id);
    expect(item).toMatchObject({ reasonLabel: '垃圾广告', reporterName: reader.username });
    const resolved = await call(admin, '/api/admin/reports/resolve', { reportId: item?.id, action: 'hide' });
    expect(resolved.body.d).toEqual({ status: 'hidden' });
    const [row] = await database.db.select().from(entries).where(eq(entries.id, entry.id));
    expect(row.hiddenReason).toBe('垃圾广告');
    expect((await noticesOf(reader)).join()).toContain('已被隐藏');
    expect((await call(admin, '/api/admin/reports/resolve', { reportId: item?.id, action: 'dismiss' })).body.m).toBe(
      '该举报已处理',
    );

    // A profile reported and dismissed.
    await call(reader, '/api/moderation/report', { targetType: 'user', targetId: author.id, reason: 'abuse' });
    const [open] = await database.db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.targetId, author.id), eq(reports.status, 'open')));
    expect((await call(admin, '/api/admin/reports/resolve', { reportId: open.id, action: 'hide' })).body.m).toBe(
      '该内容无法隐藏',
    );
    const dismissed = await call(admin, '/api/admin/reports/resolve', { reportId: open.id, action: 'dismiss' });
    expect(dismissed.body.d).toEqual({ status: 'dismissed' });
    expect((await noticesOf(reader)).join()).toContain('未发现违反社区规范');
  });

  it('editors hide but do not restore; hidden comments read 此评论已被隐藏 to others, with the reason to their author', async () => {
    const entry = await createEntry(database.db, { userId: reader.id });
    const posted = await call<{ commentId: string }>(author, '/api/comment/comment', {
      targetType: 'entry',
      targetId: entry.id,
      content: '一条不友善的评论',
    });
    expect(posted.status).toBe(200);
    const commentId = posted.body.d.commentId;
    expect(
      (await call(editor, '/api/admin/hide', { targetType: 'comment', targetId: commentId, reason: '人身攻击' }))
        .status,
    ).toBe(200);
    expect((await call(editor, '/api/admin/restore', { targetType: 'comment', targetId: commentId })).status).toBe(403);
    type List = { comments: Array<{ id: string; content: string; hiddenReason: string | null }> };
    const asReader = await call<List>(reader, `/api/comment/comments/entry/${entry.id}`);
    expect(asReader.body.d.comments.find((c) => c.id === commentId)).toMatchObject({
      content: '此评论已被隐藏',
      hidden: true,
      hiddenReason: null,
    });
    const asAuthor = await call<List>(author, `/api/comment/comments/entry/${entry.id}`);
    expect(asAuthor.body.d.comments.find((c) => c.id === commentId)).toMatchObject({
      content: '一条不友善的评论',
      hidden: true,
      hiddenReason: '人身攻击',
    });
    const [row] = await database.db.select().from(comments).where(eq(comments.id, commentId));
    expect(row.hiddenReason).toBe('人身攻击');
  });

  it('hidden pins leave the lists and answer 404 to others', async () => {
    const [pin] = await database.db
      .insert(pins)
      .values({ id: newId(), userId: author.id, content: '一条沸点' })
      .returning();
    expect((await call(admin, '/api/admin/hide', { targetType: 'pin', targetId: pin.id, reason: '灌水' })).status).toBe(
      200,
    );
    expect((await call(reader, `/api/pin/getByID?msgId=${pin.id}`)).status).toBe(404);
    expect((await call(author, `/api/pin/getByID?msgId=${pin.id}`)).status).toBe(200);
    const content = await call<{ list: Array<{ id: string; hidden: boolean; hiddenReason: string }> }>(
      editor,
      `/api/admin/content?type=pin&state=hidden&author=${author.username}`,
    );
    expect(content.body.d.list).toEqual([expect.objectContaining({ id: pin.id, hidden: true, hiddenReason: '灌水' })]);
    const visible = await call<{ list: unknown[] }>(
      admin,
      `/api/admin/content?type=pin&state=visible&author=${author.id}`,
    );
    expect(visible.body.d.list).toEqual([]);
  });
});
