import { eq } from 'drizzle-orm';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LAST_SIGN_IN_METHOD_MESSAGE } from '@core/account-settings.ts';
import type { Database } from '@db/client.ts';
import { oauthAccounts, sessions, users } from '@db/schema/users.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { type TestApp, createTestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { hashSessionToken } from '../auth/auth.service.ts';
import { decodeFlowState, encodeFlowState } from './oauth.service.ts';

/**
 * Third-party login end to end against a real OAuth 2.0 server (oauth2-mock-server) playing
 * GitHub: authorization code with state and PKCE, the token request, then the user API.
 */
let database: Database;
let app: TestApp;
let provider: OAuth2Server;
let githubUser: Record<string, unknown>;
const pkceSeen: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const issuer = provider.issuer.url ?? '';
  // GitHub answers a token without an id_token, and its /user with id, login, name and avatar_url.
  provider.service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown> }, req: { body: Record<string, string> }) => {
      delete response.body.id_token;
      if (req.body.code_verifier) pkceSeen.push(req.body.code_verifier);
      // Weibo's token answer names the person (GitHub's client ignores it).
      response.body.uid = 'wb-31337';
    },
  );
  provider.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = githubUser;
  });
  app = createTestApp(database, {
    GITHUB_CLIENT_ID: 'jinsha-test-client',
    GITHUB_CLIENT_SECRET: 'jinsha-test-secret',
    OAUTH_GITHUB_AUTHORIZE_URL: `${issuer}/authorize`,
    OAUTH_GITHUB_TOKEN_URL: `${issuer}/token`,
    OAUTH_GITHUB_USERINFO_URL: `${issuer}/userinfo`,
    WEIBO_CLIENT_ID: 'jinsha-weibo-client',
    WEIBO_CLIENT_SECRET: 'jinsha-weibo-secret',
    OAUTH_WEIBO_AUTHORIZE_URL: `${issuer}/authorize`,
    OAUTH_WEIBO_TOKEN_URL: `${issuer}/token`,
    OAUTH_WEIBO_USERINFO_URL: `${issuer}/userinfo`,
  });
});
afterAll(async () => {
  await provider?.stop();
  await app?.adapters.close();
  await database?.close();
});
beforeEach(() => {
  githubUser = { id: 4242, login: 'octo-cat', name: 'Octo Cat', avatar_url: 'https://avatars.example.com/u/4242' };
});

function cookieFrom(response: Response, name: string): string | undefined {
  const line = response.headers.getSetCookie().find((item) => item.startsWith(`${name}=`));
  const value = line?.split(';')[0];
  return value && value !== `${name}=` ? value : undefined;
}

/** Runs the popup's journey: our redirect, the provider's authorize, our callback. */
async function oauthFlow(sessionCookie?: string, name: 'github' | 'weibo' = 'github') {
  const start = await app.request(`/api/oauth/${name}/authorize`, {
    headers: sessionCookie ? { cookie: sessionCookie } : {},
  });
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(start.headers.get('location') ?? '');
  // GitHub takes PKCE; Weibo does not support it.
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe(name === 'github' ? 'S256' : null);
  expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
  const flowCookie = cookieFrom(start, 'jinsha_oauth');
  expect(flowCookie).toBeTruthy();
  const authorized = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(authorized.status).toBe(302);
  const callback = new URL(authorized.headers.get('location') ?? '');
  expect(callback.pathname).toBe(`/api/oauth/${name}/callback`);
  const cookie = [flowCookie, sessionCookie].filter(Boolean).join('; ');
  const finished = await app.request(`${callback.pathname}${callback.search}`, { headers: { cookie } });
  expect(finished.status).toBe(302);
  const done = new URL(finished.headers.get('location') ?? '', 'http://localhost');
  expect(done.pathname).toBe('/oauth/done');
  return {
    result: done.searchParams.get('result'),
    message: done.searchParams.get('message'),
    session: cookieFrom(finished, 'jinsha_sid'),
    callback,
    flowCookie,
  };
}

/** The user a session cookie ("jinsha_sid=…") signs in. */
async function viewerId(cookie: string) {
  const token = cookie.split('=')[1] ?? '';
  const [row] = await database.db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.id, hashSessionToken(token)));
  return row?.userId;
}

describe('GitHub sign-in against a real OAuth 2.0 server', () => {
  it('lists only configured providers and refuses the others', async () => {
    const { body } = await requestJson<{ providers: Array<{ provider: string }> }>(app, '/api/oauth/providers');
    expect(body.d.providers.map((item) => item.provider)).toEqual(['github', 'weibo']);
    expect((await app.request('/api/oauth/wechat/authorize')).status).toBe(404);
  });

  it('creates a user on first login, signs the same user in later, with PKCE', async () => {
    const first = await oauthFlow();
    expect(first.result).toBe('created');
    expect(first.session).toBeTruthy();
    expect(pkceSeen.length).toBeGreaterThan(0);
    const [linked] = await database.db.select().from(oauthAccounts).where(eq(oauthAccounts.providerUserId, '4242'));
    expect(linked?.nickname).toBe('Octo Cat');
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.id, linked?.userId ?? ''));
    // GitHub's "-" is not allowed in usernames here.
    expect(user?.username).toBe('octo_cat');
    expect(user?.avatarLarge).toBe('https://avatars.example.com/u/4242');
    expect(user?.passwordHash).toBeNull();
    expect(await viewerId(first.session ?? '')).toBe(user?.id);

    const again = await oauthFlow();
    expect(again.result).toBe('signed-in');
    expect(await viewerId(again.session ?? '')).toBe(user?.id);
    const sessions = await requestJson<{ sessions: unknown[] }>(app, '/api/user/v1/getSessions', {
      headers: { cookie: again.session ?? '' },
    });
    expect(sessions.body.d.sessions).toHaveLength(2);

    // The only way into this account cannot be unbound.
    const refused = await requestJson(app, '/api/user/v1/unbind', {
      method: 'POST',
      json: { channel: 'github', isThird: 1 },
      headers: { cookie: again.session ?? '', origin: 'http://localhost' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.m).toBe(LAST_SIGN_IN_METHOD_MESSAGE);
  });

  it('gives a free username when the provider’s is taken', async () => {
    await createUser(database.db, { username: 'hubber' });
    githubUser = { id: 777, login: 'hubber', name: 'Hubber', avatar_url: '' };
    const { result } = await oauthFlow();
    expect(result).toBe('created');
    const [linked] = await database.db.select().from(oauthAccounts).where(eq(oauthAccounts.providerUserId, '777'));
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.id, linked?.userId ?? ''));
    expect(user?.username).toMatch(/^hubber_[0-9a-f]{4,6}$/);
  });

  it('binds GitHub to the signed-in account, refuses one bound elsewhere, then unbinds', async () => {
    const me = await createUser(database.db);
    const cookie = await signIn(app, me);
    githubUser = { id: 9001, login: 'binder', name: 'Binder', avatar_url: '' };
    const bound = await oauthFlow(cookie);
    expect(bound.result).toBe('bound');
    expect(bound.session).toBeUndefined();
    const [linked] = await database.db.select().from(oauthAccounts).where(eq(oauthAccounts.providerUserId, '9001'));
    expect(linked?.userId).toBe(me.id);

    // 4242 belongs to the user created above.
    githubUser = { id: 4242, login: 'octo-cat', name: 'Octo Cat', avatar_url: '' };
    const other = await createUser(database.db);
    const clash = await oauthFlow(await signIn(app, other));
    expect(clash.result).toBe('error');
    expect(clash.message).toBe('该GitHub账号已绑定其他用户');

    const unbound = await requestJson(app, '/api/user/v1/unbind', {
      method: 'POST',
      json: { channel: 'github', isThird: 1 },
      headers: { cookie, origin: 'http://localhost' },
    });
    expect(unbound.status).toBe(200);
    expect(await database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, me.id))).toHaveLength(0);
  });

  it('refuses a callback whose state does not match, or without the signed cookie', async () => {
    const flow = await oauthFlow();
    const forged = new URL(flow.callback);
    forged.searchParams.set('state', 'forged-state');
    const wrongState = await app.request(`${forged.pathname}${forged.search}`, {
      headers: { cookie: flow.flowCookie ?? '' },
    });
    expect(new URL(wrongState.headers.get('location') ?? '', 'http://localhost').searchParams.get('result')).toBe(
      'error',
    );
    const noCookie = await app.request(`${flow.callback.pathname}${flow.callback.search}`);
    const done = new URL(noCookie.headers.get('location') ?? '', 'http://localhost');
    expect(done.searchParams.get('message')).toBe('登录已过期，请重试');
    expect(cookieFrom(noCookie, 'jinsha_sid')).toBeUndefined();
  });

  it('signs in with Weibo (no PKCE; uid in the token answer, profile from users/show)', async () => {
    githubUser = {
      idstr: 'wb-31337',
      screen_name: '微博用户',
      name: '微博用户',
      avatar_large: 'https://tva.example.com/a.jpg',
    };
    const { result, session, message } = await oauthFlow(undefined, 'weibo');
    expect(message).toBeNull();
    expect(result).toBe('created');
    const [linked] = await database.db.select().from(oauthAccounts).where(eq(oauthAccounts.providerUserId, 'wb-31337'));
    expect(linked?.provider).toBe('weibo');
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.id, linked?.userId ?? ''));
    expect(user?.username).toBe('微博用户');
    expect(await viewerId(session ?? '')).toBe(user?.id);
  });

  it('signs the flow cookie: a changed or expired one is refused', () => {
    const secret = 'a-secret-of-sixteen+';
    const value = encodeFlowState(
      { provider: 'github', state: 's', verifier: 'v', expiresAt: Date.now() + 1000 },
      secret,
    );
    expect(decodeFlowState(value, secret)?.state).toBe('s');
    expect(decodeFlowState(`${value.slice(0, -2)}xx`, secret)).toBeNull();
    expect(decodeFlowState(value, 'another-secret-16+')).toBeNull();
    expect(decodeFlowState(value, secret, Date.now() + 5000)).toBeNull();
  });
});

/**
 * WeChat's web login is not standard OAuth 2.0 (appid/secret in the query, a GET token endpoint,
 * openid beside the token), which the mock server cannot play: a small stand-in of WeChat's three
 * endpoints does, and the flow runs through our real authorize and callback routes.
 */
describe('WeChat sign-in against a stand-in of its endpoints', () => {
  const seen: string[] = [];
  const wechat = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://wechat');
    seen.push(url.pathname);
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/connect/qrconnect') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', 'wx-code');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.href }).end();
    } else if (url.pathname === '/sns/oauth2/access_token') {
      const good =
        request.method === 'GET' &&
        url.searchParams.get('appid') === 'wx-app' &&
        url.searchParams.get('secret') === 'wx-secret' &&
        url.searchParams.get('code') === 'wx-code' &&
        url.searchParams.get('grant_type') === 'authorization_code';
      response.end(
        JSON.stringify(
          good ? { access_token: 'wx-at', openid: 'o-1', unionid: 'u-1' } : { errcode: 40029, errmsg: 'invalid code' },
        ),
      );
    } else if (url.pathname === '/sns/userinfo' && url.searchParams.get('access_token') === 'wx-at') {
      response.end(
        JSON.stringify({ openid: 'o-1', unionid: 'u-1', nickname: '微信用户', headimgurl: 'https://wx.example/h.png' }),
      );
    } else {
      response.writeHead(404).end('{}');
    }
  });
  let wechatApp: TestApp;

  beforeAll(async () => {
    await new Promise<void>((resolve) => wechat.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(wechat.address() as AddressInfo).port}`;
    wechatApp = createTestApp(database, {
      WECHAT_APP_ID: 'wx-app',
      WECHAT_APP_SECRET: 'wx-secret',
      OAUTH_WECHAT_AUTHORIZE_URL: `${base}/connect/qrconnect`,
      OAUTH_WECHAT_TOKEN_URL: `${base}/sns/oauth2/access_token`,
      OAUTH_WECHAT_USERINFO_URL: `${base}/sns/userinfo`,
    });
  });
  afterAll(async () => {
    await wechatApp?.adapters.close();
    await new Promise<void>((resolve) => wechat.close(() => resolve()));
  });

  it('creates a user from the unionid and nickname, then signs the same user in again', async () => {
    const signInOnce = async () => {
      const start = await wechatApp.request('/api/oauth/wechat/authorize');
      expect(start.status).toBe(302);
      const authorizeUrl = new URL(start.headers.get('location') ?? '');
      expect(authorizeUrl.searchParams.get('appid')).toBe('wx-app');
      expect(authorizeUrl.searchParams.get('scope')).toBe('snsapi_login');
      expect(authorizeUrl.hash).toBe('#wechat_redirect');
      const flowCookie = cookieFrom(start, 'jinsha_oauth') ?? '';
      const authorized = await fetch(authorizeUrl, { redirect: 'manual' });
      const callback = new URL(authorized.headers.get('location') ?? '');
      const finished = await wechatApp.request(`${callback.pathname}${callback.search}`, {
        headers: { cookie: flowCookie },
      });
      const done = new URL(finished.headers.get('location') ?? '', 'http://localhost');
      return { result: done.searchParams.get('result'), session: cookieFrom(finished, 'jinsha_sid') ?? '' };
    };
    const first = await signInOnce();
    expect(first.result).toBe('created');
    const [linked] = await database.db.select().from(oauthAccounts).where(eq(oauthAccounts.providerUserId, 'u-1'));
    expect(linked?.provider).toBe('wechat');
    expect(await viewerId(first.session)).toBe(linked?.userId);
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.id, linked?.userId ?? ''));
    expect(user?.username).toBe('微信用户');
    const second = await signInOnce();
    expect(second.result).not.toBe('created');
    expect(await viewerId(second.session)).toBe(linked?.userId);
    expect(seen).toContain('/sns/userinfo');
  });
});
