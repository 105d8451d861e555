import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_SIGN_IN_METHOD_MESSAGE } from '@core/account-settings.ts';
import type { Database } from '@db/client.ts';
import { invitations, oauthAccounts, outbox, sessions, users } from '@db/schema/users.ts';
import { createUser, TEST_PASSWORD } from '../../../tests/factories/users.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { TEST_ORIGIN, type TestApp, createTestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import type { SmsMessage } from '../../adapters/sms.ts';
import { startTestSmtp, type TestSmtp } from './smtp.test-support.ts';

let database: Database;
let app: TestApp;
let smtp: TestSmtp;
const texts: SmsMessage[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  app = createTestApp(
    database,
    { SMTP_URL: smtp.url, MAIL_FROM: '金砂 <noreply@jinsha.dev>' },
    {
      sms: {
        kind: 'outbox',
        async send(message) {
          texts.push(message);
        },
      },
    },
  );
});
afterAll(async () => {
  await app?.adapters.close();
  await smtp?.close();
  await database?.close();
});

async function signedInUser(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(database.db, overrides);
  return { user, cookie: await signIn(app, user) };
}

const post = <T = unknown>(path: string, cookie: string | null, json: unknown) =>
  requestJson<T>(app, path, { method: 'POST', json, headers: cookie ? { cookie, origin: 'http://localhost' } : {} });
const get = <T = unknown>(path: string, cookie: string | null) =>
  requestJson<T>(app, path, { headers: cookie ? { cookie } : {} });

async function row(id: string) {
  const [found] = await database.db.select().from(users).where(eq(users.id, id));
  if (!found) throw new Error('user gone');
  return found;
}

describe('GET /api/user/v1/getUserInfo', () => {
  it('answers the signed-in person with their ways to sign in, and 401 signed out', async () => {
    const { user, cookie } = await signedInUser({ mobilePhoneNumber: '13912349999', jobTitle: '前端工程师' });
    const { status, body } = await get<{
      profile: { id: string; username: string; jobTitle: string };
      email: string;
      mobilePhoneNumber: string;
      hasPassword: boolean;
    }>('/api/user/v1/getUserInfo', cookie);
    expect(status).toBe(200);
    expect(body.d.profile).toMatchObject({ id: user.id, username: user.username, jobTitle: '前端工程师' });
    expect(body.d).toMatchObject({ email: user.email, mobilePhoneNumber: '13912349999', hasPassword: true });
    expect((await get('/api/user/v1/getUserInfo', null)).status).toBe(401);
  });
});

describe('POST /api/user/v1/updateUserInfo', () => {
  it('saves each field on its own', async () => {
    const { user, cookie } = await signedInUser();
    for (const [field, value] of [
      ['jobTitle', '前端工程师'],
      ['company', '金砂'],
      ['blogAddress', 'https://example.com/blog'],
      ['selfDescription', '写代码，也写字。'],
    ] as const) {
      const { status, body } = await post('/api/user/v1/updateUserInfo', cookie, { field, value });
      expect(status, field).toBe(200);
      expect(body.d).toEqual({ field, value });
    }
    const saved = await row(user.id);
    expect([saved.jobTitle, saved.company, saved.blogAddress, saved.selfDescription]).toEqual([
      '前端工程师',
      '金砂',
      'https://example.com/blog',
      '写代码，也写字。',
    ]);
    // The personal site is optional.
    expect((await post('/api/user/v1/updateUserInfo', cookie, { field: 'blogAddress', value: '' })).status).toBe(200);
    expect((await row(user.id)).blogAddress).toBe('');
  });

  it('renames with the spec’s username rules and availability', async () => {
    const { user, cookie } = await signedInUser();
    const other = await createUser(database.db);
    const cases: Array<[string, string]> = [
      ['', '用户名不能为空'],
      ['一二三四五六七八九十一二三四五六七八九十一', '用户名要在20个字符以内'],
      ['bad name!', '用户名仅支持中英文，数字和下划线'],
      [other.username.toUpperCase(), '该用户名已被占用'],
    ];
    for (const [value, message] of cases) {
      const { status, body } = await post('/api/user/v1/updateUserInfo', cookie, { field: 'username', value });
      expect(status, value).toBe(400);
      expect(body.m).toBe(message);
    }
    const taken = await post('/api/user/v1/updateUserInfo', cookie, { field: 'username', value: other.username });
    expect(taken.body.s).toBe(10013);
    const renamed = `新名字_${user.id.slice(-6)}`;
    expect((await post('/api/user/v1/updateUserInfo', cookie, { field: 'username', value: renamed })).status).toBe(200);
    expect((await row(user.id)).username).toBe(renamed);
  });

  it('refuses a bad personal site, overlong texts and unknown fields', async () => {
    const { cookie } = await signedInUser();
    const cases: Array<[string, string, string]> = [
      ['blogAddress', 'not a url', '个人主页链接格式有误'],
      ['blogAddress', 'javascript:alert(1)', '个人主页链接格式有误'],
      ['blogAddress', `${TEST_ORIGIN.toUpperCase()}/%61pi/post/entryDel?entryId=1`, '个人主页链接格式有误'],
      ['jobTitle', 'x'.repeat(51), '职位要在50个字符以内'],
      ['company', 'x'.repeat(51), '公司名称要在50个字符以内'],
      ['selfDescription', '字'.repeat(201), '个人介绍要在200个字符以内'],
    ];
    for (const [field, value, message] of cases) {
      const { status, body } = await post('/api/user/v1/updateUserInfo', cookie, { field, value });
      expect(status, field).toBe(400);
      expect(body.m).toBe(message);
    }
    expect((await post('/api/user/v1/updateUserInfo', cookie, { field: 'role', value: 'admin' })).status).toBe(400);
  });

  it('sets the avatar to an image the person uploaded as an avatar, nothing else', async () => {
    const { user, cookie } = await signedInUser();
    const form = new FormData();
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#b45309' } })
      .png()
      .toBuffer();
    form.set('file', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
    form.set('purpose', 'avatar');
    const uploaded = await app.request('/api/upload/image', { method: 'POST', body: form, headers: { cookie } });
    const url = ((await uploaded.json()) as { d: { url: string } }).d.url;
    expect((await post('/api/user/v1/updateUserInfo', cookie, { field: 'avatar', value: url })).status).toBe(200);
    expect((await row(user.id)).avatarLarge).toBe(url);
    const someone = await signedInUser();
    const foreign = await post('/api/user/v1/updateUserInfo', someone.cookie, { field: 'avatarLarge', value: url });
    expect(foreign.status).toBe(400);
    const outside = await post('/api/user/v1/updateUserInfo', cookie, {
      field: 'avatarLarge',
      value: 'https://evil.example/x.png',
    });
    expect(outside.status).toBe(400);
  });

  it('needs a signed-in person', async () => {
    expect((await post('/api/user/v1/updateUserInfo', null, { field: 'company', value: 'x' })).status).toBe(401);
  });
});

describe('POST /api/user/v1/changePassword', () => {
  it('checks the current password and the new one', async () => {
    const { cookie } = await signedInUser();
    const cases: Array<[Record<string, string>, string]> = [
      [{ old_password: '', new_password: 'abcdef' }, '当前密码不能为空'],
      [{ old_password: 'wrong-password', new_password: 'abcdef' }, '当前密码错误'],
      [{ old_password: TEST_PASSWORD, new_password: 'abc' }, '密码长度不能小于6位'],
      [{ old_password: TEST_PASSWORD, new_password: 'a'.repeat(129) }, '密码长度请控制在 128 位以内'],
      [{ old_password: TEST_PASSWORD, new_password: 'abcdef', confirm_password: 'abcdeg' }, '两次输入的密码不一致'],
    ];
    for (const [json, message] of cases) {
      const { status, body } = await post('/api/user/v1/changePassword', cookie, json);
      expect(status, message).toBe(400);
      expect(body.m).toBe(message);
    }
  });

  it('changes it and ends the other sessions, keeping this one', async () => {
    const { user, cookie } = await signedInUser();
    const otherCookie = await signIn(app, user);
    const { status, body } = await post<{ endedSessions: number }>('/api/user/v1/changePassword', cookie, {
      old_password: TEST_PASSWORD,
      new_password: 'a-new-secret',
      confirm_password: 'a-new-secret',
    });
    expect(status).toBe(200);
    expect(body.d.endedSessions).toBe(1);
    expect(await verify((await row(user.id)).passwordHash ?? '', 'a-new-secret')).toBe(true);
    expect((await get('/api/user/v1/getSessions', otherCookie)).status).toBe(401);
    expect((await get('/api/user/v1/getSessions', cookie)).status).toBe(200);
  });

  it('counts wrong current passwords like sign-in: after 5, even the right one is refused for a while', async () => {
    const { user, cookie } = await signedInUser();
    for (let i = 0; i < app.env.LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      const wrong = await post('/api/user/v1/changePassword', cookie, {
        old_password: `guess-${i}`,
        new_password: 'abcdef',
      });
      expect(wrong.body.m).toBe('当前密码错误');
    }
    const locked = await post('/api/user/v1/changePassword', cookie, {
      old_password: TEST_PASSWORD,
      new_password: 'a-new-secret',
    });
    expect(locked.status).toBe(403);
    expect(locked.body.m).toBe('失败次数过多，请稍后重试');
    expect(await verify((await row(user.id)).passwordHash ?? '', TEST_PASSWORD)).toBe(true);
    // Someone else's account is not locked by it.
    const other = await signedInUser();
    const fine = await post('/api/user/v1/changePassword', other.cookie, {
      old_password: TEST_PASSWORD,
      new_password: 'a-new-secret',
    });
    expect(fine.status).toBe(200);
  });

  it('lets an account without a password (third-party only) set one', async () => {
    const { user, cookie } = await signedInUser({ password: null });
    const { status } = await post('/api/user/v1/changePassword', cookie, { new_password: 'first-password' });
    expect(status).toBe(200);
    expect(await verify((await row(user.id)).passwordHash ?? '', 'first-password')).toBe(true);
  });
});

describe('binding a phone: /v2/updateUserMobile and /v1/bindUserMobile', () => {
  it('sends a code by SMS and binds the number with it', async () => {
    const { user, cookie } = await signedInUser();
    const phone = '13912340001';
    const sent = await post('/api/user/v2/updateUserMobile', cookie, { mobilePhoneNumber: phone });
    expect(sent.status).toBe(200);
    const code = texts.findLast((text) => text.phone === phone)?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // Once a minute per number, as for registration codes.
    const again = await post('/api/user/v2/updateUserMobile', cookie, { mobilePhoneNumber: phone });
    expect(again.status).toBe(429);
    expect(again.body.m).toBe('操作过于频繁，请稍后再试');

    const wrong = await post('/api/user/v1/bindUserMobile', cookie, {
      mobilePhoneNumber: phone,
      smsCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body).toMatchObject({ s: 10017, m: '验证码错误' });
    expect((await post('/api/user/v1/bindUserMobile', cookie, { mobilePhoneNumber: phone, smsCode: '' })).body.m).toBe(
      '验证码不能为空',
    );
    const bound = await post('/api/user/v1/bindUserMobile', cookie, { mobilePhoneNumber: phone, smsCode: code });
    expect(bound.status).toBe(200);
    const saved = await row(user.id);
    expect([saved.mobilePhoneNumber, saved.mobilePhoneVerified]).toEqual([phone, true]);
    // Single use.
    const reused = await post('/api/user/v1/bindUserMobile', cookie, { mobilePhoneNumber: phone, smsCode: code });
    expect(reused.body.s).toBe(10017);
  });

  it('refuses a bad number and one that is already registered', async () => {
    const { cookie } = await signedInUser();
    await createUser(database.db, { mobilePhoneNumber: '13912340002' });
    expect((await post('/api/user/v2/updateUserMobile', cookie, { mobilePhoneNumber: '12345' })).body.m).toBe(
      '手机号格式不正确',
    );
    const taken = await post('/api/user/v2/updateUserMobile', cookie, { mobilePhoneNumber: '13912340002' });
    expect(taken.body).toMatchObject({ s: 10014, m: '该手机号已注册' });
  });

  it('does not accept a code sent to another person', async () => {
    const first = await signedInUser();
    const second = await signedInUser();
    const phone = '13912340003';
    await post('/api/user/v2/updateUserMobile', first.cookie, { mobilePhoneNumber: phone });
    const code = texts.findLast((text) => text.phone === phone)?.code;
    const stolen = await post('/api/user/v1/bindUserMobile', second.cookie, {
      mobilePhoneNumber: phone,
      smsCode: code,
    });
    expect(stolen.body.s).toBe(10017);
  });
});

describe('binding an e-mail: /v1/updateUserEmail sends a real mail', () => {
  it('mails a link whose token binds the address', async () => {
    const { user, cookie } = await signedInUser({ email: null });
    const address = `bind_${user.id}@example.org`;
    const { status } = await post('/api/user/v1/updateUserEmail', cookie, { email: address });
    expect(status).toBe(200);
    const mail = await smtp.nextMailTo(address);
    expect(mail.subject).toContain('验证你的邮箱');
    const token = /mail_token=([\w.-]+)/.exec(mail.text ?? '')?.[1];
    expect(token).toBeTruthy();
    expect((await row(user.id)).email).toBeNull();
    const confirmed = await post('/api/user/v1/confirmUserEmail', cookie, { mail_token: token });
    expect(confirmed.status).toBe(200);
    const saved = await row(user.id);
    expect([saved.email, saved.emailVerified]).toEqual([address, true]);
    expect((await post('/api/user/v1/confirmUserEmail', cookie, { mail_token: token })).status).toBe(400);
  });

  it('refuses a bad address and one already registered', async () => {
    const { cookie } = await signedInUser();
    const other = await createUser(database.db);
    expect((await post('/api/user/v1/updateUserEmail', cookie, { email: 'nope' })).body.m).toBe('邮箱格式不正确');
    const taken = await post('/api/user/v1/updateUserEmail', cookie, { email: other.email?.toUpperCase() });
    expect(taken.body).toMatchObject({ s: 10019, m: '该邮箱已注册' });
  });
});

describe('POST /api/user/v1/unbind', () => {
  it('unbinds the e-mail while the phone still signs in, then refuses the last way in', async () => {
    const { user, cookie } = await signedInUser({ mobilePhoneNumber: '13912340010' });
    const email = await post('/api/user/v1/unbind', cookie, { channel: 'email', isThird: 0 });
    expect(email.status).toBe(200);
    expect((await row(user.id)).email).toBeNull();
    const phone = await post('/api/user/v1/unbind', cookie, { channel: 'phone', isThird: '0' });
    expect(phone.status).toBe(400);
    expect(phone.body.m).toBe(LAST_SIGN_IN_METHOD_MESSAGE);
    expect((await row(user.id)).mobilePhoneNumber).toBe('13912340010');
  });

  it('unbinds a third-party account while another way remains, never the last one', async () => {
    const { user, cookie } = await signedInUser({ password: null });
    await database.db.insert(oauthAccounts).values([
      { id: `${user.id.slice(0, 20)}0001`, userId: user.id, provider: 'github', providerUserId: `gh-${user.id}` },
      { id: `${user.id.slice(0, 20)}0002`, userId: user.id, provider: 'weibo', providerUserId: `wb-${user.id}` },
    ]);
    expect((await post('/api/user/v1/unbind', cookie, { channel: 'weibo', isThird: 1 })).status).toBe(200);
    const last = await post('/api/user/v1/unbind', cookie, { channel: 'github', isThird: 1 });
    expect(last.status).toBe(400);
    expect(last.body.m).toBe(LAST_SIGN_IN_METHOD_MESSAGE);
    // Without a password, the e-mail was never a way in: it may go.
    expect((await post('/api/user/v1/unbind', cookie, { channel: 'email', isThird: 0 })).status).toBe(200);
    const left = await database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id));
    expect(left.map((item) => item.provider)).toEqual(['github']);
  });

  it('refuses mismatched or unknown channels and what is not bound', async () => {
    const { cookie } = await signedInUser();
    expect((await post('/api/user/v1/unbind', cookie, { channel: 'github', isThird: 0 })).status).toBe(400);
    expect((await post('/api/user/v1/unbind', cookie, { channel: 'qq', isThird: 1 })).status).toBe(400);
    expect((await post('/api/user/v1/unbind', cookie, { channel: 'wechat', isThird: 1 })).body.m).toBe(
      '尚未绑定该账号',
    );
    expect((await post('/api/user/v1/unbind', null, { channel: 'email', isThird: 0 })).status).toBe(401);
  });
});

describe('sessions', () => {
  it('lists the viewer’s sessions with the current one marked, ends one and all others', async () => {
    const { user, cookie } = await signedInUser();
    await signIn(app, user);
    await signIn(app, user);
    const listed = await get<{ sessions: Array<{ id: string; current: boolean }> }>('/api/user/v1/getSessions', cookie);
    expect(listed.body.d.sessions).toHaveLength(3);
    expect(listed.body.d.sessions.filter((item) => item.current)).toHaveLength(1);
    const current = listed.body.d.sessions.find((item) => item.current);
    const other = listed.body.d.sessions.find((item) => !item.current);
    expect((await post('/api/user/v1/endSession', cookie, { id: current?.id })).status).toBe(400);
    expect((await post('/api/user/v1/endSession', cookie, { id: other?.id })).status).toBe(200);
    expect((await post('/api/user/v1/endSession', cookie, { id: other?.id })).status).toBe(404);
    // Someone else's session id is not found for this viewer.
    const stranger = await signedInUser();
    const theirs = await database.db.select().from(sessions).where(eq(sessions.userId, stranger.user.id));
    expect((await post('/api/user/v1/endSession', cookie, { id: theirs[0]?.id })).status).toBe(404);
    const ended = await post<{ ended: number }>('/api/user/v1/endOtherSessions', cookie, {});
    expect(ended.body.d.ended).toBe(1);
    const after = await get<{ sessions: unknown[] }>('/api/user/v1/getSessions', cookie);
    expect(after.body.d.sessions).toHaveLength(1);
    expect((await get('/api/user/v1/getSessions', null)).status).toBe(401);
  });
});

describe('mail toggles: /api/mail/getStatus.php and /subscribe.php', () => {
  it('starts subscribed and turns each kind off and on', async () => {
    const { user, cookie } = await signedInUser();
    for (const type of ['follow', 'article', 'week']) {
      const { body } = await get<{ status: boolean }>(`/api/mail/getStatus.php?type=${type}`, cookie);
      expect(body.d.status, type).toBe(true);
    }
    const off = await get<{ status: boolean }>('/api/mail/subscribe.php?type=week&check=0', cookie);
    expect(off.body.d).toEqual({ type: 'week', status: false, check: false });
    expect((await get('/api/mail/getStatus.php?type=week', cookie)).body.d).toEqual({
      type: 'week',
      status: false,
      check: false,
    });
    expect((await get<{ status: boolean }>('/api/mail/getStatus.php?type=week', cookie)).body.d.status).toBe(false);
    expect((await get<{ status: boolean }>('/api/mail/getStatus.php?type=article', cookie)).body.d.status).toBe(true);
    expect((await row(user.id)).weeklyEmail).toBe(false);
    await get('/api/mail/subscribe.php?type=week&check=1', cookie);
    expect((await get<{ status: boolean }>('/api/mail/getStatus.php?type=week', cookie)).body.d.status).toBe(true);
  });

  it('refuses unknown kinds and signed-out visitors', async () => {
    const { cookie } = await signedInUser();
    expect((await get('/api/mail/getStatus.php?type=daily', cookie)).status).toBe(400);
    expect((await get('/api/mail/getStatus.php?type=week', null)).status).toBe(401);
    expect((await get('/api/mail/subscribe.php?type=week&check=1', null)).status).toBe(401);
  });
});

describe('invitations: /api/invite/sender/{userId}/…', () => {
  it('sends a real invitation mail, records it and counts one fewer', async () => {
    const { user, cookie } = await signedInUser();
    const count = await get<{ count: number }>(`/api/invite/sender/${user.id}/availableCode`, cookie);
    expect(count.body.d.count).toBe(5);
    const receiverEmail = `friend_${user.id}@example.org`;
    const sent = await post<{ count: number }>(`/api/invite/sender/${user.id}/postCode`, cookie, {
      receiverName: '老王',
      receiverEmail,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.d.count).toBe(4);
    const mail = await smtp.nextMailTo(receiverEmail);
    expect(mail.subject).toBe(`${user.username} 邀请你加入金砂`);
    expect(mail.text).toContain('老王');
    expect(mail.text).toMatch(/http:\/\/localhost\/invite\?token=[\w-]+/);
    const recorded = await database.db.select().from(invitations).where(eq(invitations.senderId, user.id));
    expect(recorded.map((item) => [item.receiverName, item.receiverEmail])).toEqual([['老王', receiverEmail]]);
    expect((await get<{ count: number }>(`/api/invite/sender/${user.id}/availableCode`, cookie)).body.d.count).toBe(4);
  });

  it('works with the outbox mailer (no SMTP), and gives the invitation back when the mail fails', async () => {
    const user = await createUser(database.db);
    const outboxApp = createTestApp(database);
    const cookie = await signIn(outboxApp, user);
    const headers = { cookie, origin: 'http://localhost' };
    const sent = await requestJson<{ count: number }>(outboxApp, `/api/invite/sender/${user.id}/postCode`, {
      method: 'POST',
      json: { receiverName: '小张', receiverEmail: `zhang_${user.id}@example.org` },
      headers,
    });
    expect(sent.body.d.count).toBe(4);
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, `zhang_${user.id}@example.org`));
    expect(mail?.subject).toContain('邀请你加入');

    const failingApp = createTestApp(
      database,
      {},
      {
        mailer: {
          kind: 'smtp',
          async send() {
            throw new Error('smtp down');
          },
          async close() {},
        },
      },
    );
    const failed = await requestJson(failingApp, `/api/invite/sender/${user.id}/postCode`, {
      method: 'POST',
      json: { receiverName: '小赵', receiverEmail: 'zhao@example.org' },
      headers,
    });
    expect(failed.status).toBe(500);
    expect((await row(user.id)).availableInviteCount).toBe(4);
    const recorded = await database.db.select().from(invitations).where(eq(invitations.senderId, user.id));
    expect(recorded.map((item) => item.receiverName)).toEqual(['小张']);
  });

  it('stops at zero', async () => {
    const { user, cookie } = await signedInUser({ availableInviteCount: 0 });
    const { status, body } = await post(`/api/invite/sender/${user.id}/postCode`, cookie, {
      receiverName: '小李',
      receiverEmail: 'li@example.org',
    });
    expect(status).toBe(400);
    expect(body.m).toBe('邀请次数已用完');
    expect(await database.db.select().from(invitations).where(eq(invitations.senderId, user.id))).toHaveLength(0);
  });

  it('checks the form and who may send', async () => {
    const { user, cookie } = await signedInUser();
    const other = await createUser(database.db);
    const bad = await post(`/api/invite/sender/${user.id}/postCode`, cookie, {
      receiverName: '小李',
      receiverEmail: 'x',
    });
    expect(bad.body.m).toBe('邮箱格式不正确');
    const noName = await post(`/api/invite/sender/${user.id}/postCode`, cookie, {
      receiverName: ' ',
      receiverEmail: 'li@example.org',
    });
    expect(noName.body.m).toBe('请填写对方的称呼');
    expect((await get(`/api/invite/sender/${other.id}/availableCode`, cookie)).status).toBe(403);
    const forOther = await post(`/api/invite/sender/${other.id}/postCode`, cookie, {
      receiverName: '小李',
      receiverEmail: 'li@example.org',
    });
    expect(forOther.status).toBe(403);
    expect((await get(`/api/invite/sender/${user.id}/availableCode`, null)).status).toBe(401);
    expect((await row(user.id)).availableInviteCount).toBe(5);
  });
});
