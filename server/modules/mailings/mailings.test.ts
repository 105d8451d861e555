import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { type TestApp, createTestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { mailJobHandlers } from '../../jobs/handlers.ts';
import { createJobRunner, type JobRunner } from '../../jobs/runner.ts';
import { startTestSmtp, type TestSmtp } from '../account/smtp.test-support.ts';
import { readUnsubscribeToken, unsubscribeToken } from './mailings.service.ts';

let database: Database;
let app: TestApp;
let smtp: TestSmtp;
let runner: JobRunner;

beforeAll(async () => {
  database = await createTestDatabase();
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
