import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { entryLikes } from '@db/schema/content.ts';
import { sessions } from '@db/schema/users.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { TEST_PASSWORD, createUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { SESSION_COOKIE } from './auth.service.ts';
import { CROSS_SITE_MESSAGE } from '../../http/security.ts';

let database: Database;
let app: TestApp;

setUpTestApp({}, (opened) => ({ database, app } = opened));

interface AuthState {
  user: { id: string; username: string };
  userId: string;
  clientId: string;
  token: string;
}

const loginByEmail = (email: string, password = TEST_PASSWORD, headers?: HeadersInit) =>
  requestJson<AuthState>(app, '/api/passport/auth/type/email', { method: 'POST', json: { email, password }, headers });

const loginByPhone = (phoneNumber: string, password = TEST_PASSWORD) =>
  requestJson<AuthState>(app, '/api/passport/auth/type/phoneNumber', {
    method: 'POST',
    json: { phoneNumber, password },
  });

const logout = (headers: HeadersInit = {}, query = '') =>
  requestJson<null>(app, `/api/passport/auth${query}`, { method: 'DELETE', headers });

function sessionCookieOf(headers: Headers): string {
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('no session cookie set');
  return cookie;
}

/** Whether a request is authenticated, seen through the viewer-dependent `liked` flag of an entry. */
async function likedEntryProbe() {
  const user = await createUser(database.db);
  const entry = await createEntry(database.db, { userId: user.id });
  await database.db.insert(entryLikes).values({ userId: user.id, entryId: entry.id });
  const liked = async (query = '', headers: HeadersInit = {}) => {
    const { body } = await requestJson<{ liked: boolean }>(app, `/api/post/getEntry?entryId=${entry.id}${query}`, {
      headers,
    });
    return body.d.liked;
  };
  return { user, liked };
}

describe('POST /api/passport/auth/type/email', () => {
  it('signs in, sets an httpOnly SameSite=Lax session cookie and returns the auth state', async () => {
    const user = await createUser(database.db);
    const { status, headers, body } = await loginByEmail(user.email!);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      s: 1,
      m: 'ok',
      d: { userId: user.id, user: { id: user.id, username: user.username } },
    });
    expect(body.d.token).toMatch(/^[\w-]{40,}$/);
    const cookie = sessionCookieOf(headers);
    expect(cookie).toContain(`${SESSION_COOKIE}=${body.d.token}`);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
  });

  it('matches the e-mail case-insensitively', async () => {
    const user = await createUser(database.db, { email: 'MixedCase@Example.com' });
    const { status, body } = await loginByEmail('mixedcase@example.COM');
    expect(status).toBe(200);
    expect(body.d.userId).toBe(user.id);
  });

  it('answers 401 密码错误 for a wrong password', async () => {
    const user = await createUser(database.db);
    const { status, body } = await loginByEmail(user.email!, 'wrong-password');
    expect(status).toBe(401);
    expect(body).toEqual({ s: 0, m: '密码错误', d: null });
  });

  it('answers 404 邮箱不存在 for an unknown e-mail', async () => {
    const { status, body } = await loginByEmail('nobody-here@example.com');
    expect(status).toBe(404);
    expect(body.m).toBe('邮箱不存在');
  });

  it('answers 410 with the reset message when the account must reset its password', async () => {
    const user = await createUser(database.db, { mustResetPassword: true });
    const { status, body } = await loginByEmail(user.email!);
    expect(status).toBe(410);
    expect(body.m).toBe('为了你的账号安全，请重置密码');
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('answers 400 with the schema’s Chinese message for bad input', async () => {
    const cases: Array<[unknown, string]> = [
      [{ email: 'not-an-email', password: 'x' }, '邮箱或手机格式错误'],
      [{ email: '', password: 'x' }, '邮箱或手机不能为空'],
      [{ email: 'someone@example.com', password: '' }, '请输入密码'],
    ];
    for (const [json, message] of cases) {
      const { status, body } = await requestJson(app, '/api/passport/auth/type/email', { method: 'POST', json });
      expect(status).toBe(400);
      expect(body).toEqual({ s: 0, m: message, d: null });
    }
  });
});

describe('POST /api/passport/auth/type/phoneNumber', () => {
  it('signs in by mobile number', async () => {
    const user = await createUser(database.db, { mobilePhoneNumber: '13800138001' });
    const { status, headers, body } = await loginByPhone('13800138001');
    expect(status).toBe(200);
    expect(body.d.userId).toBe(user.id);
    expect(sessionCookieOf(headers)).toMatch(/HttpOnly/i);
  });

  it('answers 404 手机号不存在 for an unknown number and 401 for a wrong password', async () => {
    expect((await loginByPhone('13900000000')).body.m).toBe('手机号不存在');
    expect((await loginByPhone('13900000000')).status).toBe(404);
    await createUser(database.db, { mobilePhoneNumber: '13800138002' });
    const wrong = await loginByPhone('13800138002', 'wrong-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.m).toBe('密码错误');
  });

  it('answers 400 邮箱或手机格式错误 for a malformed number', async () => {
    const { status, body } = await loginByPhone('12345');
    expect(status).toBe(400);
    expect(body.m).toBe('邮箱或手机格式错误');
  });
});

describe('the token form', () => {
  it('authenticates with the returned token as ?token= or X-Token, and not with a foreign uid', async () => {
    const { user, liked } = await likedEntryProbe();
    const { body } = await loginByEmail(user.email!);
    const token = body.d.token;
    expect(await liked()).toBe(false);
    expect(await liked(`&token=${encodeURIComponent(token)}`)).toBe(true);
    expect(await liked('', { 'X-Token': token })).toBe(true);
    expect(await liked('', { 'X-Token': token, 'X-Uid': user.id })).toBe(true);
    expect(await liked('', { 'X-Token': token, 'X-Uid': '0'.repeat(24) })).toBe(false);
    expect(await liked('', { 'X-Token': 'not-a-session' })).toBe(false);
  });

  it('signs out with X-Token or ?token=', async () => {
    const user = await createUser(database.db);
    const first = (await loginByEmail(user.email!)).body.d.token;
    expect((await logout({ 'X-Token': first })).status).toBe(200);
    expect((await logout({ 'X-Token': first })).status).toBe(401);
    const second = (await loginByEmail(user.email!)).body.d.token;
    expect((await logout({}, `?token=${encodeURIComponent(second)}`)).status).toBe(200);
    expect((await logout({}, `?token=${encodeURIComponent(second)}`)).status).toBe(401);
  });
});

describe('DELETE /api/passport/auth', () => {
  it('deletes the session row and clears the cookie, so the cookie stops working', async () => {
    const { user, liked } = await likedEntryProbe();
    const { headers } = await loginByEmail(user.email!);
    const cookie = sessionCookieOf(headers).split(';')[0];
    expect(await liked('', { cookie })).toBe(true);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    const out = await logout({ cookie });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ s: 1, m: 'ok', d: null });
    expect(out.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);

    expect(await liked('', { cookie })).toBe(false);
    expect((await logout({ cookie })).status).toBe(401);
  });

  it('answers 401 Unauthorized when signed out', async () => {
    const { status, body } = await logout();
    expect(status).toBe(401);
    expect(body).toEqual({ s: 0, m: 'Unauthorized', d: null });
  });

  it('ends the previous session when the same browser signs in again', async () => {
    const user = await createUser(database.db);
    const cookie = sessionCookieOf((await loginByEmail(user.email!)).headers).split(';')[0];
    const again = await loginByEmail(user.email!, TEST_PASSWORD, { cookie });
    expect(again.status).toBe(200);
    expect(sessionCookieOf(again.headers).split(';')[0]).not.toBe(cookie);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated write from a foreign origin with 403', async () => {
    const user = await createUser(database.db);
    const cookie = await signIn(app, user);
    const foreign = await logout({ cookie, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.m).toBe(CROSS_SITE_MESSAGE);
    const crossSite = await logout({ cookie, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    // The session survived both attempts; our own origin may sign out.
    expect((await logout({ cookie, origin: app.env.SITE_URL })).status).toBe(200);
  });

  it('refuses a login posted from a foreign origin', async () => {
    const user = await createUser(database.db);
    const { status } = await loginByEmail(user.email!, TEST_PASSWORD, { origin: 'https://evil.example' });
    expect(status).toBe(403);
  });
});
