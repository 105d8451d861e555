import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '@core/ids.ts';
import type { ModerationTarget } from '@core/moderation.ts';
import type { Database } from '@db/client.ts';
import { auditLog, reports } from '@db/schema/moderation.ts';
import { comments, pins, systemNotifications } from '@db/schema/social.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createRepo } from '../../../tests/factories/repos.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestAs, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';

/**
 * 举报 on every target type (issue 16): entries, comments, pins, repos and people go into one
 * queue; not one's own content, not twice while open; each way of resolving tells the reporter.
 */
let database: Database;
let app: TestApp;
let admin: TestUser;
let author: TestUser;
let reader: TestUser;
let other: TestUser;
const cookies: Record<string, string> = {};

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  admin = await createUser(database.db, { role: 'admin' });
  author = await createUser(database.db);
  reader = await createUser(database.db);
  other = await createUser(database.db);
  for (const u of [admin, author, reader, other]) cookies[u.id] = await signIn(app, u);
});

function call<T = unknown>(user: TestUser | null, path: string, json?: unknown) {
  return requestAs<T>(app, user ? (cookies[user.id] ?? null) : null, path, json);
}

function report(user: TestUser | null, targetType: ModerationTarget, targetId: string, reason = 'spam', text = '') {
  return call(user, '/api/moderation/report', { targetType, targetId, reason, text });
}

async function noticesOf(user: TestUser): Promise<string[]> {
  const rows = await database.db
    .select({ content: systemNotifications.content })
    .from(systemNotifications)
    .where(eq(systemNotifications.userId, user.id));
  return rows.map((r) => r.content);
}

type Queue = { list: Array<{ id: string; targetType: string; targetId: string; targetHref: string; preview: string }> };

async function queued(type: ModerationTarget, targetId: string) {
  const queue = await call<Queue>(admin, `/api/admin/reports?type=${type}`);
  expect(queue.status).toBe(200);
  // The filter keeps to the type asked for.
  expect(queue.body.d.list.every((r) => r.targetType === type)).toBe(true);
  return queue.body.d.list.find((r) => r.targetId === targetId);
}

/** One target of each type, written by `author` (a repo has no author on the site). */
async function targets() {
  const entry = await createEntry(database.db, { userId: author.id, title: `被举报的文章 ${newId()}` });
  const [comment] = await database.db
    .insert(comments)
    .values({ id: newId(), userId: author.id, targetType: 'entry', targetId: entry.id, content: '一条被举报的评论' })
    .returning();
  const [pin] = await database.db
    .insert(pins)
    .values({ id: newId(), userId: author.id, content: '一条被举报的沸点' })
    .returning();
  const repo = await createRepo(database.db, { name: `reported-${newId().slice(0, 6)}` });
  return { entry, comment, pin, repo };
}

describe('举报 on every target type', () => {
  it('refuses reporting one’s own content or oneself in words, and a second report while the first is open', async () => {
    const { entry, comment, pin } = await targets();
    for (const [type, id] of [
      ['entry', entry.id],
      ['comment', comment.id],
      ['pin', pin.id],
    ] as const) {
      const own = await report(author, type, id);
      expect(own.status).toBe(400);
      expect(own.body.m).toBe('不能举报自己发布的内容');
    }
    const self = await report(author, 'user', author.id);
    expect(self.status).toBe(400);
    expect(self.body.m).toBe('不能举报自己');

    for (const [type, id] of [
      ['entry', entry.id],
      ['comment', comment.id],
      ['pin', pin.id],
      ['user', author.id],
    ] as const) {
      expect((await report(reader, type, id)).status).toBe(200);
      const twice = await report(reader, type, id, 'other');
      expect(twice.status).toBe(400);
      expect(twice.body.m).toBe('你已经举报过了，请等待处理');
      // Someone else may report the same target.
      expect((await report(other, type, id)).status).toBe(200);
    }
    expect((await report(null, 'pin', pin.id)).status).toBe(401);
    expect((await report(reader, 'comment', newId())).status).toBe(404);
    expect((await report(reader, 'user', newId())).status).toBe(404);
  });

  it('puts every type in one queue; hiding, dismissing and upholding each tell the reporter, audited', async () => {
    const { entry, comment, pin, repo } = await targets();
    const person = await createUser(database.db);
    expect((await report(reader, 'entry', entry.id, 'spam', '广告')).status).toBe(200);
    expect((await report(reader, 'comment', comment.id, 'abuse')).status).toBe(200);
    expect((await report(other, 'comment', comment.id, 'abuse')).status).toBe(200);
    expect((await report(reader, 'pin', pin.id, 'porn')).status).toBe(200);
    // A repo through the spec's own call (SPEC §7.8), into the same queue.
    const viaRepo = await call(reader, '/api/repo/report_repo', {
      repoId: repo.id,
      reason: 'plagiarism',
      detail: '抄袭',
    });
    expect(viaRepo.status).toBe(200);
    expect((await report(reader, 'repo', repo.id)).body.m).toBe('你已经举报过了，请等待处理');
    expect((await report(reader, 'user', person.id, 'abuse')).status).toBe(200);

    const all = await call<Queue>(admin, '/api/admin/reports?limit=50');
    const types = new Set(
      all.body.d.list
        .filter((r) => [entry.id, comment.id, pin.id, repo.id, person.id].includes(r.targetId))
        .map((r) => r.targetType),
    );
    expect([...types].sort()).toEqual(['comment', 'entry', 'pin', 'repo', 'user']);

    const onEntry = await queued('entry', entry.id);
    expect(onEntry?.targetHref).toBe(`/entry/${entry.id}`);
    const onComment = await queued('comment', comment.id);
    expect(onComment?.targetHref).toBe(`/entry/${entry.id}`);
    const onPin = await queued('pin', pin.id);
    expect(onPin?.targetHref).toBe(`/pin/${pin.id}`);
    const onRepo = await queued('repo', repo.id);
    expect(onRepo).toMatchObject({ targetHref: `/repo/${repo.id}`, preview: `${repo.ownerUsername}/${repo.name}` });
    const onUser = await queued('user', person.id);
    expect(onUser?.targetHref).toBe(`/user/${person.id}`);

    const resolve = (reportId: string | undefined, action: string, reason?: string) =>
      call<{ status: string }>(admin, '/api/admin/reports/resolve', { reportId, action, reason });

    // A comment hidden with a reason: both reporters told, the author told why.
    expect((await resolve(onComment?.id, 'hide', '人身攻击')).body.d).toEqual({ status: 'hidden' });
    for (const reporter of [reader, other]) {
      expect((await noticesOf(reporter)).join('\n')).toContain('你举报的评论「一条被举报的评论」已被隐藏');
    }
    expect((await noticesOf(author)).join('\n')).toContain('原因：人身攻击');
    const closed = await database.db
      .select({ status: reports.status })
      .from(reports)
      .where(eq(reports.targetId, comment.id));
    expect(closed.map((r) => r.status)).toEqual(['hidden', 'hidden']);
    // Reporting it now: it is already hidden.
    expect((await report(other, 'comment', comment.id, 'spam')).body.m).toBe('内容已被隐藏');

    expect((await resolve(onEntry?.id, 'hide')).body.d).toEqual({ status: 'hidden' });
    expect((await noticesOf(reader)).join('\n')).toContain('你举报的文章「被举报的文章');

    expect((await resolve(onPin?.id, 'dismiss')).body.d).toEqual({ status: 'dismissed' });
    expect((await noticesOf(reader)).join('\n')).toContain(
      '你举报的沸点「一条被举报的沸点」经核实未发现违反社区规范的内容',
    );

    expect((await resolve(onRepo?.id, 'hide')).body.m).toBe('该内容无法隐藏');
    expect((await resolve(onRepo?.id, 'uphold', '已联系作者')).body.d).toEqual({ status: 'upheld' });
    expect((await noticesOf(reader)).join('\n')).toContain(
      `你举报的开源库「${repo.ownerUsername}/${repo.name}」已处理`,
    );

    expect((await resolve(onUser?.id, 'dismiss')).body.d).toEqual({ status: 'dismissed' });
    expect((await noticesOf(reader)).join('\n')).toContain(`你举报的用户「${person.username}」经核实未发现`);
    expect((await resolve(onUser?.id, 'dismiss')).body.m).toBe('该举报已处理');

    const audited = await database.db
      .select({ action: auditLog.action, targetType: auditLog.targetType, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id)));
    const mine = audited.filter((a) => ['hide', 'dismiss_report', 'uphold_report'].includes(a.action));
    expect(mine.map((a) => `${a.action}:${a.targetType}`).sort()).toEqual([
      'dismiss_report:pin',
      'dismiss_report:user',
      'hide:comment',
      'hide:entry',
      'uphold_report:repo',
    ]);

    // Resolved, the same reader may report the pin again.
    expect((await report(reader, 'pin', pin.id, 'spam')).status).toBe(200);
  });

  it('the queue is for administrators only', async () => {
    expect((await call(null, '/api/admin/reports?type=repo')).status).toBe(401);
    expect((await call(reader, '/api/admin/reports?type=repo')).status).toBe(403);
    expect((await call(admin, '/api/admin/reports?type=nothing')).status).toBe(400);
  });
});
