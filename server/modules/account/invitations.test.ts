import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { invitations } from '@db/schema/users.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { type TestApp, createTestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { INVITE_COOKIE, findInvitation, listSentInvitations } from './account.service.ts';
import { startTestSmtp, type TestSmtp } from './smtp.test-support.ts';

let database: Database;
let app: TestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  app = createTestApp(database, { SMTP_URL: smtp.url, MAIL_FROM: '金砂 <noreply@jinsha.dev>' });
});
afterAll(async () => {
  await app?.adapters.close();
  await smtp?.close();
  await database?.close();
});

const viewerOf = (user: Awaited<ReturnType<typeof createUser>>) => ({ ...user, sessionId: 's', clientId: 'c' });

function register(username: string, inviteToken?: string) {
  return requestJson<{ userId: string }>(app, '/api/user/v1/createUser', {
    method: 'POST',
    headers: inviteToken ? { cookie: `${INVITE_COOKIE}=${encodeURIComponent(inviteToken)}` } : {},
    json: { email: `${username}@example.com`, username, password: 'secret-123' },
  });
}

describe('invitations', () => {
  it('link a person who registers through the mailed link to the inviter, who sees it; the count goes down', async () => {
    const sender = await createUser(database.db, { username: '邀请人' });
    const cookie = await signIn(app, sender);
    const sent = await requestJson<{ count: number }>(app, `/api/invite/sender/${sender.id}/postCode`, {
      method: 'POST',
      headers: { cookie },
      json: { receiverName: '小李', receiverEmail: 'xiaoli@example.com' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.d.count).toBe(4);
    const left = await requestJson<{ count: number }>(app, `/api/invite/sender/${sender.id}/availableCode`, {
      headers: { cookie },
    });
    expect(left.body.d.count).toBe(4);

    const mail = await smtp.nextMailTo('xiaoli@example.com');
    const link = new URL(/接受邀请：(\S+)/.exec(mail.text ?? '')![1]!);
    expect(link.pathname).toBe('/invite');
    const token = link.searchParams.get('token')!;
    expect(await findInvitation(database, token)).toEqual({
      senderName: '邀请人',
      receiverName: '小李',
      accepted: false,
    });
    const before = await listSentInvitations({ db: database.db, viewer: viewerOf(sender) }, sender.id);
    expect(before).toMatchObject([{ receiverName: '小李', accepted: null }]);

    // Registering with the cookie the invitation page set.
    const joined = await register('xiaoli', token);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.headers.get('set-cookie')).toContain(`${INVITE_COOKIE}=;`);
    const newcomer = joined.body.d.userId;
    const after = await listSentInvitations({ db: database.db, viewer: viewerOf(sender) }, sender.id);
    expect(after).toMatchObject([{ receiverName: '小李', accepted: { id: newcomer, username: 'xiaoli' } }]);
    expect((await findInvitation(database, token))?.accepted).toBe(true);

    // A used link links nobody else.
    const late = await register('latecomer', token);
    expect(late.status).toBe(200);
    const [row] = await database.db.select().from(invitations).where(eq(invitations.senderId, sender.id));
    expect(row?.acceptedBy).toBe(newcomer);
  });

  it('leave registration alone when the token is unknown, and show the list only to its sender', async () => {
    expect((await register('stranger', 'not-a-real-token')).status).toBe(200);
    expect(await findInvitation(database, 'not-a-real-token')).toBeNull();
    const sender = await createUser(database.db);
    const other = await createUser(database.db);
    await expect(listSentInvitations({ db: database.db, viewer: viewerOf(other) }, sender.id)).rejects.toMatchObject({
      status: 403,
    });
  });
});
