import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { mutes } from '@db/schema/users.ts';
import { tagSubscriptions } from '@db/schema/content.ts';
import { ensureCategories, type CategoryRow } from '../../../tests/factories/categories.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createTag } from '../../../tests/factories/tags.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { type TestApp, createTestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { mailJobHandlers } from '../../jobs/handlers.ts';
import { createJobRunner, type JobRunner } from '../../jobs/runner.ts';
import { startTestSmtp, type TestSmtp } from '../account/smtp.test-support.ts';
import { previousWeek, readUnsubscribeToken, unsubscribeToken, weekBounds } from './mailings.service.ts';

let database: Database;
let app: TestApp;
let smtp: TestSmtp;
let runner: JobRunner;
let categories: Record<string, CategoryRow>;

beforeAll(async () => {
  database = await createTestDatabase();
  categories = await ensureCategories(database.db);
  smtp = await startTestSmtp();
  app = createTestApp(database, { SMTP_URL: smtp.url, MAIL_FROM: '金砂 <noreply@jinsha.dev>' });
  const logger = pino({ level: 'silent' });
  runner = createJobRunner({
    database,
    logger,
    handlers: mailJobHandlers({ database, env: app.env, adapters: app.adapters, logger }),
    pollingIntervalSeconds: 0.5,
  });
  await runner.start();
});
afterAll(async () => {
  await runner?.stop(1000);
  await app?.adapters.close();
  await smtp?.close();
  await database?.close();
});

/** Waits until every queued job of the queue has finished (completed or failed for good). */
async function drained(queue: string) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await database.executeSql(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state < 'completed'`,
      [queue],
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`jobs of ${queue} still waiting`);
}

async function follow(follower: { id: string }, followee: { id: string }) {
  const cookie = await signIn(app, follower);
  const answer = await requestJson(app, '/api/follow/follow', {
    method: 'POST',
    headers: { cookie },
    json: { follower: follower.id, followee: followee.id },
  });
  expect(answer.status).toBe(200);
}

function header(mail: { headers: Array<{ key: string; value: string }> }, name: string) {
  return mail.headers.find((h) => h.key === name.toLowerCase())?.value;
}

describe('follower mail', () => {
  it('reaches the followee over SMTP with a one-click unsubscribe that works signed out', async () => {
    const author = await createUser(database.db, { username: '被关注者' });
    const fan = await createUser(database.db, { username: '新粉丝' });
    await follow(fan, author);
    const mail = await smtp.nextMailTo(author.email!);
    expect(mail.subject).toBe('新粉丝 关注了你');
    expect(mail.text).toContain(`/user/${fan.id}`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = header(mail, 'List-Unsubscribe')!;
    expect(listUnsubscribe).toMatch(/^<http:\/\/localhost\/api\/mail\/unsubscribe\?token=.+>$/);
    // The link in the text opens the unsubscribe page with the same token.
    const pageLink = /一键退订：(\S+)/.exec(mail.text ?? '')![1]!;
    expect(new URL(pageLink).pathname).toBe('/unsubscribe');
    const oneClick = new URL(listUnsubscribe.slice(1, -1));
    expect(new URL(pageLink).searchParams.get('token')).toBe(oneClick.searchParams.get('token'));

    // A mail client's one-click POST (RFC 8058): no cookie, a form body.
    const answer = await app.request(oneClick.pathname + oneClick.search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ s: 1, d: { type: 'follow', status: false } });
    const status = await requestJson<{ status: boolean }>(app, '/api/mail/getStatus.php?type=follow', {
      headers: { cookie: await signIn(app, author) },
    });
    expect(status.body.d.status).toBe(false);

    // Unsubscribed: the next follower queues a job that sends nothing.
    const second = await createUser(database.db);
    await follow(second, author);
    await drained('mail-follow');
    expect(smtp.mails.filter((m) => m.to?.some((to) => to.address === author.email))).toHaveLength(1);
  });

  it('goes once per follower, only to a verified address whose subscription is on', async () => {
    const author = await createUser(database.db);
    const unverified = await createUser(database.db, { emailVerified: false });
    const fan = await createUser(database.db);
    const cookie = await signIn(app, fan);
    await follow(fan, author);
    await requestJson(app, '/api/follow/unfollow', {
      method: 'POST',
      headers: { cookie },
      json: { follower: fan.id, followee: author.id },
    });
    await follow(fan, author);
    await follow(fan, unverified);
    await drained('mail-follow');
    const to = (address: string) => smtp.mails.filter((m) => m.to?.some((t) => t.address === address));
    expect(to(author.email!)).toHaveLength(1);
    expect(to(unverified.email!)).toHaveLength(0);
  });
});

describe('unsubscribe links', () => {
  it('refuse a token that was not signed by the site or names another subscription', async () => {
    const person = await createUser(database.db);
    const token = unsubscribeToken(app.env.SESSION_SECRET, person.id, 'week');
    expect(readUnsubscribeToken(app.env.SESSION_SECRET, token)).toEqual({ userId: person.id, type: 'week' });
    const forged = [
      token.replace('.week.', '.follow.'),
      unsubscribeToken('another-secret-of-16-chars', person.id, 'week'),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      'nonsense',
    ];
    for (const bad of forged) {
      const answer = await requestJson(app, `/api/mail/unsubscribe?token=${encodeURIComponent(bad)}`, {
        method: 'POST',
      });
      expect(answer.status).toBe(400);
      expect(answer.body.m).toBe('退订链接无效');
    }
    const { rows } = await database.executeSql('SELECT weekly_email FROM users WHERE id = $1', [person.id]);
    expect(rows[0]?.weekly_email).toBe(true);
  });
});

const mailsTo = (address: string) => smtp.mails.filter((m) => m.to?.some((t) => t.address === address));

describe('new-article mail', () => {
  it('tells the author’s subscribed followers once, not those who turned it off or muted the author', async () => {
    const author = await createUser(database.db, { username: '文章作者' });
    const reader = await createUser(database.db);
    const notSubscribed = await createUser(database.db);
    const muter = await createUser(database.db);
    for (const fan of [reader, notSubscribed, muter]) await follow(fan, author);
    await drained('mail-follow');
    await requestJson(app, '/api/mail/subscribe.php?type=article&check=0', {
      headers: { cookie: await signIn(app, notSubscribed) },
    });
    await database.db.insert(mutes).values({ userId: muter.id, targetType: 'user', targetId: author.id });
    const tag = await createTag(database.db);
    const published = await requestJson<{ entryId: string }>(app, '/api/post/entryPublish', {
      method: 'POST',
      headers: { cookie: await signIn(app, author) },
      json: { title: '解析器入门', content: '解析器把文本变成树。', category: categories.backend!.id, tags: tag.id },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const mail = await smtp.nextMailTo(reader.email!);
    expect(mail.subject).toBe('文章作者 发布了新文章：解析器入门');
    expect(mail.text).toContain(`/post/${published.body.d.entryId}`);
    expect(header(mail, 'List-Unsubscribe')).toContain('/api/mail/unsubscribe?token=');
    expect(mail.text).toContain('「文章通知」');
    await drained('mail-article');
    expect(mailsTo(reader.email!).filter((m) => m.subject?.includes('解析器入门'))).toHaveLength(1);
    expect(mailsTo(notSubscribed.email!).filter((m) => m.subject?.includes('解析器入门'))).toHaveLength(0);
    expect(mailsTo(muter.email!).filter((m) => m.subject?.includes('解析器入门'))).toHaveLength(0);
  });
});

describe('weekly digest', () => {
  it('lists the week’s top entries in the person’s tags and follows, leaving out muted authors and tags', async () => {
    const week = '2026-11-09';
    const { start, end } = weekBounds(week);
    const inWeek = (hours: number) => new Date(start.getTime() + hours * 3_600_000);
    const reader = await createUser(database.db, { username: '周刊读者' });
    const followed = await createUser(database.db);
    const other = await createUser(database.db);
    const muted = await createUser(database.db);
    const topic = await createTag(database.db);
    const mutedTag = await createTag(database.db);
    await follow(reader, followed);
    await follow(reader, muted);
    await database.db.insert(tagSubscriptions).values({ userId: reader.id, tagId: topic.id });
    await database.db.insert(mutes).values([
      { userId: reader.id, targetType: 'user', targetId: muted.id },
      { userId: reader.id, targetType: 'tag', targetId: mutedTag.id },
    ]);
    const entry = (title: string, userId: string, createdAt: Date, tagIds: string[] = [], hotScore = 1) =>
      createEntry(database.db, { title, userId, createdAt, tagIds, hotScore });
    await entry('关注作者的好文', followed.id, inWeek(10), [], 5);
    await entry('订阅标签的好文', other.id, inWeek(30), [topic.id], 9);
    await entry('被屏蔽作者的文章', muted.id, inWeek(40), [topic.id], 50);
    await entry('带屏蔽标签的文章', other.id, inWeek(50), [topic.id, mutedTag.id], 50);
    await entry('无关的文章', other.id, inWeek(60), [], 50);
    await entry('上周之前的文章', followed.id, new Date(start.getTime() - 3_600_000), [], 50);
    await entry('下一周的文章', followed.id, end, [], 50);
    await entry('自己的文章', reader.id, inWeek(70), [topic.id], 50);

    await app.adapters.jobs.enqueue(database.db, 'mail-week-plan', { week });
    const mail = await smtp.nextMailTo(reader.email!);
    expect(mail.subject).toContain('每周精选');
    const text = mail.text ?? '';
    // Ranked by hot score: the tag's entry (9) before the followed author's (5).
    expect(text.indexOf('订阅标签的好文')).toBeGreaterThan(-1);
    expect(text.indexOf('关注作者的好文')).toBeGreaterThan(text.indexOf('订阅标签的好文'));
    for (const absent of ['被屏蔽作者', '带屏蔽标签', '无关的文章', '上周之前', '下一周', '自己的文章']) {
      expect(text).not.toContain(absent);
    }
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // Planned twice (a second instance, a retry): still one digest.
    await app.adapters.jobs.enqueue(database.db, 'mail-week-plan', { week });
    await drained('mail-week-plan');
    await drained('mail-week');
    expect(mailsTo(reader.email!).filter((m) => m.subject?.includes('每周精选'))).toHaveLength(1);
  });

  it('covers the last full week, Monday to Monday in China time', () => {
    expect(previousWeek(new Date('2026-11-24T06:00:00Z'))).toBe('2026-11-16');
    // Monday 09:00 in Beijing, when the plan runs.
    expect(previousWeek(new Date('2026-11-23T01:00:00Z'))).toBe('2026-11-16');
    // Sunday 23:30 in Beijing is still the week before.
    expect(previousWeek(new Date('2026-11-22T15:30:00Z'))).toBe('2026-11-09');
    expect(weekBounds('2026-11-16').start.toISOString()).toBe('2026-11-15T16:00:00.000Z');
  });
});
