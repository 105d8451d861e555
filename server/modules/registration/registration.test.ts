import { verify } from '@node-rs/argon2';
import { and, desc, eq } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { outbox, sessions, users, verificationTokens } from '@db/schema/users.ts';
import { TEST_PASSWORD, createUser } from '../../../tests/factories/users.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { type TestApp, createTestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { readEnv } from '../../env.ts';
import { SESSION_COOKIE } from '../auth/auth.service.ts';
import { listOutbox, outboxPageEnabled } from '../outbox/outbox.service.ts';
import { createAccount } from './registration.service.ts';

let database: Database;
let app: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestApp(database, { CAPTCHA_TEST_ANSWERS: '1' });
});
afterAll(() => database?.close());

interface Captcha {
  imageStr: string;
  imageToken: string;
  answer?: string;
}

const post = <T = unknown>(path: string, json: unknown, headers: HeadersInit = {}, on: TestApp = app) =>
  requestJson<T>(on, `/api/user${path}`, { method: 'POST', json, headers });

async function captcha(on: TestApp = app): Promise<{ imageToken: string; imageCode: string }> {
  const { status, body } = await requestJson<Captcha>(on, '/api/captcha/getRandCode');
  expect(status).toBe(200);
  return { imageToken: body.d.imageToken, imageCode: body.d.answer ?? '' };
}

function newPhone(): string {
  return `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

function newName(): string {
  return `u_${randomInt(0, 1e9).toString(36)}`;
}

async function latestOutbox(recipient: string, channel: 'mail' | 'sms') {
  const [row] = await database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.channel, channel)))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(1);
  return row ?? null;
}

async function sendCode(phone: string, useType: 'signup' | 'restpwd' = 'signup') {
  return post('/v2/sendSmsCodeToUser', { mobilePhoneNumber: phone, ...(await captcha()), useType });
}

/** Sends a code and reads it back from the outbox, as a person reads their phone. */
async function smsCodeFor(phone: string, useType: 'signup' | 'restpwd' = 'signup'): Promise<string> {
  const { status, body } = await sendCode(phone, useType);
  expect(status, JSON.stringify(body)).toBe(200);
  const sms = await latestOutbox(phone, 'sms');
  const code = sms?.body.match(/\d{6}/)?.[0];
  if (!code) throw new Error('no SMS code in the outbox');
  return code;
}

function tokenFromMail(text: string, path: string, param: string): string {
  const match = text.match(new RegExp(`https?://\\S+${path}\\?${param}=([\\w.%-]+)`));
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(match[1]);
}

function cookieOf(headers: Headers): string {
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] as string;
}

async function userByName(username: string) {
  const [row] = await database.db.select().from(users).where(eq(users.username, username));
  return row;
}

const login = (email: string, password: string, headers: HeadersInit = {}, on: TestApp = app) =>
  requestJson(on, '/api/passport/auth/type/email', { method: 'POST', json: { email, password }, headers });

describe('GET /api/captcha/getRandCode', () => {
  it('returns an SVG data URL and a token, storing only a hash of the answer', async () => {
    const { status, body } = await requestJson<Captcha>(app, '/api/captcha/getRandCode');
    expect(status).toBe(200);
    expect(body.d.imageStr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.d.imageStr.split(',')[1] as string, 'base64').toString()).toContain('<svg');
    expect(body.d.imageToken).toMatch(/^[0-9a-f]{32}$/);
    expect(body.d.answer).toMatch(/^[a-z0-9]{4}$/);
    const [row] = await database.db
      .select()
      .from(verificationTokens)
      .where(eq(verificationTokens.target, body.d.imageToken));
    expect(row?.purpose).toBe('captcha');
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.secretHash).not.toContain(body.d.answer);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
  });

  it('never returns the answer without CAPTCHA_TEST_ANSWERS', async () => {
    const plain = createTestApp(database);
    const { body } = await requestJson<Captcha>(plain, '/api/captcha/getRandCode');
    expect(body.d.imageToken).toBeTruthy();
    expect(body.d).not.toHaveProperty('answer');
  });
});

describe('POST /api/user/v2/sendSmsCodeToUser', () => {
  it('sends a 6-digit code to the outbox and stores it hashed', async () => {
    const phone = newPhone();
    const code = await smsCodeFor(phone);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await database.db
      .select()
      .from(verificationTokens)
      .where(and(eq(verificationTokens.target, phone), eq(verificationTokens.purpose, 'sms-signup')));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.secretHash).not.toContain(code);
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('answers 验证码错误 (10017) for a wrong captcha, which is then spent', async () => {
    const phone = newPhone();
    const { imageToken, imageCode } = await captcha();
    const wrong = await post('/v2/sendSmsCodeToUser', {
      mobilePhoneNumber: phone,
      imageToken,
      imageCode: imageCode === 'aaaa' ? 'bbbb' : 'aaaa',
      useType: 'signup',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ s: 10017, m: '验证码错误', d: null });
    const again = await post('/v2/sendSmsCodeToUser', {
      mobilePhoneNumber: phone,
      imageToken,
      imageCode,
      useType: 'signup',
    });
    expect(again.body.m).toBe('验证码错误');
    expect(await latestOutbox(phone, 'sms')).toBeNull();
  });

  it('accepts the captcha in any letter case, once', async () => {
    const phone = newPhone();
    const { imageToken, imageCode } = await captcha();
    const first = await post('/v2/sendSmsCodeToUser', {
      mobilePhoneNumber: phone,
      imageToken,
      imageCode: imageCode.toUpperCase(),
      useType: 'signup',
    });
    expect(first.status).toBe(200);
    const second = await post('/v2/sendSmsCodeToUser', {
      mobilePhoneNumber: newPhone(),
      imageToken,
      imageCode,
      useType: 'signup',
    });
    expect(second.body.s).toBe(10017);
  });

  it('checks the input with the spec’s messages', async () => {
    const { imageToken, imageCode } = await captcha();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ mobilePhoneNumber: '12345', imageToken, imageCode, useType: 'signup' }, '手机号格式不正确'],
      [{ mobilePhoneNumber: newPhone(), imageToken, imageCode: 'abc', useType: 'signup' }, '请填写图形验证码'],
      [{ mobilePhoneNumber: newPhone(), imageToken, imageCode: '', useType: 'signup' }, '请填写图形验证码'],
    ];
    for (const [json, message] of cases) {
      const { status, body } = await post('/v2/sendSmsCodeToUser', json);
      expect(status).toBe(400);
      expect(body.m).toBe(message);
    }
  });

  it('refuses signup for a registered number (10014) and restpwd for an unknown one (404)', async () => {
    const phone = newPhone();
    await createUser(database.db, { mobilePhoneNumber: phone });
    const signup = await sendCode(phone, 'signup');
    expect(signup.status).toBe(400);
    expect(signup.body).toMatchObject({ s: 10014, m: '该手机号已注册' });
    const reset = await sendCode(newPhone(), 'restpwd');
    expect(reset.status).toBe(404);
    expect(reset.body.m).toBe('手机号不存在');
  });

  it('sends at most one code a minute per number', async () => {
    const phone = newPhone();
    await smsCodeFor(phone);
    const again = await sendCode(phone);
    expect(again.status).toBe(429);
    expect(again.body.m).toBe('操作过于频繁，请稍后再试');
  });

  it('limits codes per client address', async () => {
    const proxied = createTestApp(database, { CAPTCHA_TEST_ANSWERS: '1', TRUST_PROXY: 'true' });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const send = async (ip: string) =>
      post(
        '/v2/sendSmsCodeToUser',
        { mobilePhoneNumber: newPhone(), ...(await captcha(proxied)), useType: 'signup' },
        from(ip),
        proxied,
      );
    for (let i = 0; i < 30; i++) expect((await send('203.0.113.7')).status).toBe(200);
    expect((await send('203.0.113.7')).status).toBe(429);
    expect((await send('203.0.113.8')).status).toBe(200);
  });
});

describe('POST /api/user/v1/createUser', () => {
  it('registers by e-mail: Argon2id hash, signed in, verification mail with a working single-use link', async () => {
    const username = newName();
    const email = `${username}@Example.com`;
    const { status, headers, body } = await post<{ userId: string; user: { username: string } }>('/v1/createUser', {
      email,
      username,
      password: 'secret-123',
      ...(await captcha()),
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.d.user.username).toBe(username);
    const cookie = cookieOf(headers);
    const user = await userByName(username);
    expect(user?.email).toBe(email.toLowerCase());
    expect(user?.emailVerified).toBe(false);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(user!.passwordHash!, 'secret-123')).toBe(true);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(1);

    // Signed in: the session works for a signed-in call.
    const resend = await post('/v1/sendEmailToUser', { sendType: 'verify' }, { cookie });
    expect(resend.status).toBe(200);

    const mail = await latestOutbox(email.toLowerCase(), 'mail');
    const token = tokenFromMail(mail!.body, '/verify-email', 'mail_token');
    const verified = await post('/v1/verifyUserEmail', { mail_token: token });
    expect(verified.status).toBe(200);
    expect(verified.body.d).toEqual({ email: email.toLowerCase() });
    expect((await userByName(username))?.emailVerified).toBe(true);
    const reused = await post('/v1/verifyUserEmail', { mail_token: token });
    expect(reused.status).toBe(400);
    expect(reused.body.m).toBe('链接无效或已过期');
    const after = await post('/v1/sendEmailToUser', { sendType: 'verify' }, { cookie });
    expect(after.body.m).toBe('邮箱已验证');
  });

  it('a resent link replaces the first one', async () => {
    const username = newName();
    const email = `${username}@example.com`;
    const { headers } = await post('/v1/createUser', { email, username, password: 'secret-123' });
    const first = tokenFromMail((await latestOutbox(email, 'mail'))!.body, '/verify-email', 'mail_token');
    expect(
      (await post('/v1/sendEmailToUser', { sendType: 'verify', email }, { cookie: cookieOf(headers) })).status,
    ).toBe(200);
    const second = tokenFromMail((await latestOutbox(email, 'mail'))!.body, '/verify-email', 'mail_token');
    expect(second).not.toBe(first);
    expect((await post('/v1/verifyUserEmail', { mail_token: first })).body.m).toBe('链接无效或已过期');
    expect((await post('/v1/verifyUserEmail', { mail_token: second })).status).toBe(200);
  });

  it('rejects a tampered or expired mail token', async () => {
    const username = newName();
    const email = `${username}@example.com`;
    await post('/v1/createUser', { email, username, password: 'secret-123' });
    const token = tokenFromMail((await latestOutbox(email, 'mail'))!.body, '/verify-email', 'mail_token');
    expect((await post('/v1/verifyUserEmail', { mail_token: `${token}x` })).body.m).toBe('链接无效或已过期');
    expect((await post('/v1/verifyUserEmail', { mail_token: 'nonsense' })).body.m).toBe('链接无效或已过期');
    await database.db
      .update(verificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationTokens.id, token.split('.')[0] as string));
    expect((await post('/v1/verifyUserEmail', { mail_token: token })).body.m).toBe('链接无效或已过期');
  });

  it('sendEmailToUser needs a signed-in person', async () => {
    const { status, body } = await post('/v1/sendEmailToUser', { sendType: 'verify' });
    expect(status).toBe(401);
    expect(body.m).toBe('Unauthorized');
  });

  it('registers by phone with the SMS code, which is single-use', async () => {
    const phone = newPhone();
    const code = await smsCodeFor(phone);
    const username = newName();
    const { status, headers, body } = await post<{ userId: string }>('/v1/createUser', {
      mobilePhoneNumber: phone,
      smsCode: code,
      username,
      password: 'secret-123',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    cookieOf(headers);
    const user = await userByName(username);
    expect(user).toMatchObject({ mobilePhoneNumber: phone, mobilePhoneVerified: true, email: null });
    // The number signs in.
    const signedIn = await requestJson(app, '/api/passport/auth/type/phoneNumber', {
      method: 'POST',
      json: { phoneNumber: phone, password: 'secret-123' },
    });
    expect(signedIn.status).toBe(200);
    // No mail for a phone registration.
    expect(await database.db.select().from(outbox).where(eq(outbox.channel, 'mail'))).not.toContainEqual(
      expect.objectContaining({ body: expect.stringContaining(username) }),
    );
  });

  it('answers 验证码错误 (10017) for a wrong, spent or expired SMS code; five wrong tries spend it', async () => {
    const phone = newPhone();
    const code = await smsCodeFor(phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const attempt = (smsCode: string) =>
      post('/v1/createUser', { mobilePhoneNumber: phone, smsCode, username: newName(), password: 'secret-123' });
    const wrong = await attempt(wrongCode);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ s: 10017, m: '验证码错误', d: null });
    for (let i = 0; i < 4; i++) expect((await attempt(wrongCode)).body.s).toBe(10017);
    // Five wrong tries: the right code no longer works.
    expect((await attempt(code)).body.s).toBe(10017);

    const other = newPhone();
    const otherCode = await smsCodeFor(other);
    await database.db
      .update(verificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationTokens.target, other));
    const expired = await post('/v1/createUser', {
      mobilePhoneNumber: other,
      smsCode: otherCode,
      username: newName(),
      password: 'secret-123',
    });
    expect(expired.body.s).toBe(10017);
  });

  it('checks the image captcha of an e-mail registration when it is sent', async () => {
    const { imageToken } = await captcha();
    const username = newName();
    const { status, body } = await post('/v1/createUser', {
      email: `${username}@example.com`,
      username,
      password: 'secret-123',
      imageToken,
      imageCode: 'zzzz',
    });
    expect(status).toBe(400);
    expect(body.s).toBe(10017);
    expect(await userByName(username)).toBeUndefined();
  });

  it('answers 10013, 10019 and 10014 for a taken name, e-mail or number', async () => {
    const phone = newPhone();
    const taken = await createUser(database.db, { username: 'Taken_Name', mobilePhoneNumber: phone });
    const byName = await post('/v1/createUser', {
      email: 'fresh@example.com',
      username: 'taken_name',
      password: 'secret-123',
    });
    expect(byName.status).toBe(400);
    expect(byName.body).toEqual({ s: 10013, m: '该用户名已被占用', d: null });
    const byEmail = await post('/v1/createUser', {
      email: taken.email!.toUpperCase(),
      username: newName(),
      password: 'secret-123',
    });
    expect(byEmail.body).toEqual({ s: 10019, m: '该邮箱已注册', d: null });
    const byPhone = await post('/v1/createUser', {
      mobilePhoneNumber: phone,
      smsCode: '123456',
      username: newName(),
      password: 'secret-123',
    });
    expect(byPhone.body).toEqual({ s: 10014, m: '该手机号已注册', d: null });
  });

  it('validates with the spec’s messages', async () => {
    const ok = { email: 'valid@example.com', username: 'valid_name', password: 'secret-123' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ok, username: '' }, '用户名不能为空'],
      [{ ...ok, username: '   ' }, '用户名不能为空'],
      [{ ...ok, username: 'a'.repeat(21) }, '用户名要在20个字符以内'],
      [{ ...ok, username: 'bad name!' }, '用户名仅支持中英文，数字和下划线'],
      [{ ...ok, password: '12345' }, '密码长度不能小于6位'],
      [{ ...ok, password: 'x'.repeat(129) }, '密码长度请控制在 128 位以内'],
      [{ ...ok, email: 'not-an-email' }, '邮箱格式不正确'],
      [
        { username: 'valid_name', password: 'secret-123', mobilePhoneNumber: '2345', smsCode: '123456' },
        '手机号格式不正确',
      ],
      [{ username: 'valid_name', password: 'secret-123', mobilePhoneNumber: newPhone() }, '验证码不能为空'],
      [{ ...ok, imageToken: 'x', imageCode: 'abcde' }, '请填写图形验证码'],
    ];
    for (const [json, message] of cases) {
      const { status, body } = await post('/v1/createUser', json);
      expect(status, message).toBe(400);
      expect(body.m).toBe(message);
    }
    expect(await userByName('valid_name')).toBeUndefined();
  });

  it('accepts a Chinese username of 20 characters', async () => {
    const username = '金'.repeat(19) + String(randomInt(0, 9));
    const { status } = await post('/v1/createUser', {
      email: `cn${randomInt(0, 1e9)}@example.com`,
      username,
      password: 'secret-123',
    });
    expect(status).toBe(200);
  });
});

describe('login lockout', () => {
  it('answers 403 after five failures for an account, even with the right password', async () => {
    const user = await createUser(database.db);
    for (let i = 0; i < 5; i++) {
      const { status } = await login(user.email!, 'wrong-password');
      expect(status).toBe(401);
    }
    const locked = await login(user.email!, TEST_PASSWORD);
    expect(locked.status).toBe(403);
    expect(locked.body).toEqual({ s: 0, m: '失败次数过多，请稍后重试', d: null });
    // Another account is not affected.
    const other = await createUser(database.db);
    expect((await login(other.email!, TEST_PASSWORD)).status).toBe(200);
  });

  it('a success clears the account’s failures', async () => {
    const user = await createUser(database.db);
    for (let i = 0; i < 4; i++) expect((await login(user.email!, 'wrong-password')).status).toBe(401);
    expect((await login(user.email!, TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(user.email!, 'wrong-password')).status).toBe(401);
    expect((await login(user.email!, TEST_PASSWORD)).status).toBe(200);
  });

  it('locks a client address after its failures across accounts, and only that address', async () => {
    const proxied = createTestApp(database, { TRUST_PROXY: 'true', LOGIN_MAX_FAILURES_PER_IP: '3' });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < 3; i++) {
      const { status } = await login(`nobody-${i}@example.com`, 'x', from('198.51.100.1'), proxied);
      expect(status).toBe(404);
    }
    const user = await createUser(database.db);
    expect((await login(user.email!, TEST_PASSWORD, from('198.51.100.1'), proxied)).status).toBe(403);
    expect((await login(user.email!, TEST_PASSWORD, from('198.51.100.2'), proxied)).status).toBe(200);
  });
});

describe('password reset by phone', () => {
  it('sets the new password, clears the forced reset and ends every session', async () => {
    const phone = newPhone();
    const user = await createUser(database.db, { mobilePhoneNumber: phone, mustResetPassword: true });
    const cookie = await signIn(app, user);
    const forced = await requestJson(app, '/api/passport/auth/type/phoneNumber', {
      method: 'POST',
      json: { phoneNumber: phone, password: TEST_PASSWORD },
    });
    expect(forced.status).toBe(410);
    expect(forced.body.m).toBe('为了你的账号安全，请重置密码');

    const code = await smsCodeFor(phone, 'restpwd');
    const wrong = await post('/v1/restPassword', {
      mobilePhoneNumber: phone,
      smsCode: code === '000000' ? '111111' : '000000',
      new_password: 'brand-new-1',
    });
    expect(wrong.body).toEqual({ s: 10017, m: '验证码错误', d: null });
    const short = await post('/v1/restPassword', { mobilePhoneNumber: phone, smsCode: code, new_password: '123' });
    expect(short.body.m).toBe('密码长度不能小于6位');
    const done = await post('/v1/restPassword', {
      mobilePhoneNumber: phone,
      smsCode: code,
      new_password: 'brand-new-1',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    const after = await userByName(user.username);
    expect(after?.mustResetPassword).toBe(false);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await post('/v1/sendEmailToUser', {}, { cookie })).status).toBe(401);
    const signIn2 = (password: string) =>
      requestJson(app, '/api/passport/auth/type/phoneNumber', {
        method: 'POST',
        json: { phoneNumber: phone, password },
      });
    expect((await signIn2(TEST_PASSWORD)).status).toBe(401);
    expect((await signIn2('brand-new-1')).status).toBe(200);
    // The code was spent.
    const again = await post('/v1/restPassword', { mobilePhoneNumber: phone, smsCode: code, password: 'another-22' });
    expect(again.body.s).toBe(10017);
  });

  it('answers 手机号不存在 for an unknown number', async () => {
    const { status, body } = await post('/v1/restPassword', {
      mobilePhoneNumber: newPhone(),
      smsCode: '123456',
      new_password: 'brand-new-1',
    });
    expect(status).toBe(404);
    expect(body.m).toBe('手机号不存在');
  });
});

describe('password reset by e-mail', () => {
  it('mails a single-use link whose token sets the new password and ends every session', async () => {
    const user = await createUser(database.db, { mustResetPassword: true });
    await signIn(app, user);
    const sent = await post('/v1/restPwdByEmail', { email: user.email!.toUpperCase() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = await latestOutbox(user.email!, 'mail');
    expect(mail?.subject).toContain('重置');
    const token = tokenFromMail(mail!.body, '/set-new-password', 'mail_token');

    const mismatch = await post('/v1/changePasswordByEmailToken', {
      mail_token: token,
      new_password: 'brand-new-1',
      confirm_password: 'brand-new-2',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.m).toBe('两次输入的密码不一致');

    const done = await post('/v1/changePasswordByEmailToken', { mail_token: token, new_password: 'brand-new-1' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await userByName(user.username))?.mustResetPassword).toBe(false);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await login(user.email!, 'brand-new-1')).status).toBe(200);

    const reused = await post('/v1/changePasswordByEmailToken', { mail_token: token, new_password: 'brand-new-3' });
    expect(reused.status).toBe(400);
    expect(reused.body.m).toBe('链接无效或已过期');
  });

  it('answers 邮箱不存在 for an unknown address and limits mails per address', async () => {
    const unknown = await post('/v1/restPwdByEmail', { email: 'nobody-at-all@example.com' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.m).toBe('邮箱不存在');
    expect((await post('/v1/restPwdByEmail', { email: 'broken' })).body.m).toBe('邮箱格式不正确');
    const user = await createUser(database.db);
    expect((await post('/v1/restPwdByEmail', { email: user.email })).status).toBe(200);
    expect((await post('/v1/restPwdByEmail', { email: user.email })).status).toBe(429);
  });

  it('a verification token does not reset a password', async () => {
    const username = newName();
    const email = `${username}@example.com`;
    await post('/v1/createUser', { email, username, password: 'secret-123' });
    const token = tokenFromMail((await latestOutbox(email, 'mail'))!.body, '/verify-email', 'mail_token');
    const { body } = await post('/v1/changePasswordByEmailToken', { mail_token: token, new_password: 'brand-new-1' });
    expect(body.m).toBe('链接无效或已过期');
  });
});

describe('POST /api/user/v1/forcePasswordReset', () => {
  it('lets an administrator force a reset: sessions end and the next login answers 410', async () => {
    const admin = await createUser(database.db, { role: 'admin' });
    const target = await createUser(database.db);
    const targetCookie = await signIn(app, target);
    const someone = await createUser(database.db);
    const refused = await post('/v1/forcePasswordReset', { userId: target.id }, { cookie: await signIn(app, someone) });
    expect(refused.status).toBe(403);
    expect((await post('/v1/forcePasswordReset', { userId: target.id })).status).toBe(401);
    const adminCookie = await signIn(app, admin);
    expect((await post('/v1/forcePasswordReset', { userId: 'f'.repeat(24) }, { cookie: adminCookie })).status).toBe(
      404,
    );
    expect((await post('/v1/forcePasswordReset', { userId: target.id }, { cookie: adminCookie })).status).toBe(200);
    expect((await post('/v1/sendEmailToUser', {}, { cookie: targetCookie })).status).toBe(401);
    const forced = await login(target.email!, TEST_PASSWORD);
    expect(forced.status).toBe(410);
    expect(forced.body.m).toBe('为了你的账号安全，请重置密码');
  });
});

describe('POST /api/user/v1/apply', () => {
  it('is deprecated', async () => {
    const { status, body } = await post('/v1/apply', {});
    expect(status).toBe(400);
    expect(body.m).toBe('已废弃');
  });
});

describe('mail over SMTP', () => {
  it('sends the verification mail through an SMTP server and its link verifies the address', async () => {
    const received: Buffer[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const smtpApp = createTestApp(database, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: '金砂 <noreply@jinsha.test>',
    });
    try {
      expect(smtpApp.adapters.mailer.kind).toBe('smtp');
      const username = newName();
      const email = `${username}@example.com`;
      const { status } = await post('/v1/createUser', { email, username, password: 'secret-123' }, {}, smtpApp);
      expect(status).toBe(200);
      expect(received).toHaveLength(1);
      const mail = await PostalMime.parse(received[0] as Buffer);
      expect(mail.to?.[0]?.address).toBe(email);
      expect(mail.from?.address).toBe('noreply@jinsha.test');
      expect(mail.subject).toBe('验证你在金砂的邮箱');
      const token = tokenFromMail(mail.text ?? '', '/verify-email', 'mail_token');
      // Nothing went to the outbox.
      expect(await latestOutbox(email, 'mail')).toBeNull();
      expect((await post('/v1/verifyUserEmail', { mail_token: token }, {}, smtpApp)).status).toBe(200);
      expect((await userByName(username))?.emailVerified).toBe(true);
    } finally {
      await smtpApp.adapters.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('createAccount (npm run user:create)', () => {
  it('creates an administrator with --admin and a user without, refusing taken names', async () => {
    const name = newName();
    const { userId } = await createAccount(database, {
      email: `${name}@example.com`,
      username: name,
      password: 'secret-123',
      admin: true,
    });
    const [admin] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(admin).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await login(`${name}@example.com`, 'secret-123')).status).toBe(200);
    const plain = await createAccount(database, {
      email: `${name}-2@example.com`,
      username: `${name}_2`,
      password: 'secret-123',
      admin: false,
    });
    expect((await database.db.select().from(users).where(eq(users.id, plain.userId)))[0]?.role).toBe('user');
    await expect(
      createAccount(database, {
        email: 'other@example.com',
        username: name.toUpperCase(),
        password: 'x12345',
        admin: false,
      }),
    ).rejects.toThrow('该用户名已被占用');
  });
});

describe('test-only captcha answers', () => {
  it('are refused at boot in a production deployment with its own secret', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-real-secret-of-some-length' };
    expect(() => readEnv({ ...production, CAPTCHA_TEST_ANSWERS: '1' })).toThrow(/not allowed in production/);
    expect(() => readEnv({ ...production, DEV_OUTBOX: 'true' })).toThrow(/not allowed in production/);
    expect(readEnv(production).CAPTCHA_TEST_ANSWERS).toBe(false);
    // A local production build (npm start, the browser journeys) may turn them on.
    expect(
      readEnv({ NODE_ENV: 'production', JINSHA_ALLOW_DEV_SECRET: '1', CAPTCHA_TEST_ANSWERS: '1' }).CAPTCHA_TEST_ANSWERS,
    ).toBe(true);
  });
});

describe('the dev outbox', () => {
  it('lists the newest mails and SMS first, and exists only outside production unless DEV_OUTBOX', async () => {
    const phone = newPhone();
    await smsCodeFor(phone);
    const username = newName();
    await post('/v1/createUser', { email: `${username}@example.com`, username, password: 'secret-123' });
    const rows = await listOutbox({ db: database.db }, 50);
    expect(rows[0]).toMatchObject({ channel: 'mail', recipient: `${username}@example.com` });
    expect(rows[1]).toMatchObject({ channel: 'sms', recipient: phone });
    const times = rows.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    expect(outboxPageEnabled({ env: readEnv({ NODE_ENV: 'development' }) })).toBe(true);
    expect(outboxPageEnabled({ env: readEnv({ NODE_ENV: 'test' }) })).toBe(true);
    expect(outboxPageEnabled({ env: readEnv({ NODE_ENV: 'production', JINSHA_ALLOW_DEV_SECRET: '1' }) })).toBe(false);
    expect(
      outboxPageEnabled({ env: readEnv({ NODE_ENV: 'production', JINSHA_ALLOW_DEV_SECRET: '1', DEV_OUTBOX: 'true' }) }),
    ).toBe(true);
  });
});
