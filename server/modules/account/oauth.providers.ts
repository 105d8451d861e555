import * as oauth from 'oauth4webapi';
import type { OAuthProvider } from '@core/account-settings.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../http/errors.ts';

/** What a provider tells us about the person who signed in there. */
export interface OAuthProfile {
  providerUserId: string;
  /** The provider's login name (GitHub login, Weibo screen name, WeChat nickname). */
  username: string;
  nickname: string;
  avatarUrl: string;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  /** S256 challenge of the PKCE verifier, for providers that support PKCE. */
  codeChallenge?: string;
}

export interface CodeExchange {
  /** The callback URL as the provider sent the browser back (code, state or error). */
  callbackUrl: URL;
  redirectUri: string;
  expectedState: string;
  codeVerifier?: string;
}

/** One third-party sign-in provider behind the same interface: an OAuth 2.0 authorization-code flow. */
export interface OAuthProviderClient {
  readonly id: OAuthProvider;
  readonly pkce: boolean;
  authorizationUrl(request: AuthorizationRequest): URL;
  exchange(exchange: CodeExchange): Promise<OAuthProfile>;
}

interface Endpoints {
  authorize: string;
  token: string;
  userinfo: string;
}

const TIMEOUT_MS = 10_000;
export const OAUTH_FAILED_MESSAGE = '第三方登录失败，请重试';

/** Plain http is accepted only for a provider on this machine (a test's OAuth server). */
function isLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]');
}

function requestOptions(url: string) {
  return { [oauth.allowInsecureRequests]: isLocal(url), signal: AbortSignal.timeout(TIMEOUT_MS) };
}

function fail(cause: unknown): never {
  throw new AppError(400, OAUTH_FAILED_MESSAGE, { data: { cause: cause instanceof Error ? cause.message : null } });
}

async function getJson(url: URL, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !body || typeof body !== 'object') fail(new Error(`${url.host} answered ${response.status}`));
  return body;
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * GitHub: a standard OAuth 2.0 server with PKCE (S256) and client_secret_post, driven by
 * oauth4webapi; the profile comes from the REST API's /user.
 */
function githubClient(clientId: string, clientSecret: string, endpoints: Endpoints): OAuthProviderClient {
  const as: oauth.AuthorizationServer = {
    issuer: new URL(endpoints.authorize).origin,
    authorization_endpoint: endpoints.authorize,
    token_endpoint: endpoints.token,
    userinfo_endpoint: endpoints.userinfo,
    code_challenge_methods_supported: ['S256'],
  };
  const client: oauth.Client = { client_id: clientId };
  const clientAuth = oauth.ClientSecretPost(clientSecret);
  return {
    id: 'github',
    pkce: true,
    authorizationUrl({ redirectUri, state, codeChallenge }) {
      const url = new URL(endpoints.authorize);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'read:user');
      url.searchParams.set('state', state);
      if (codeChallenge) {
        url.searchParams.set('code_challenge', codeChallenge);
        url.searchParams.set('code_challenge_method', 'S256');
      }
      return url;
    },
    async exchange({ callbackUrl, redirectUri, expectedState, codeVerifier }) {
      let accessToken: string;
      try {
        const params = oauth.validateAuthResponse(as, client, callbackUrl, expectedState);
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          clientAuth,
          params,
          redirectUri,
          codeVerifier ?? oauth.nopkce,
          requestOptions(endpoints.token),
        );
        const result = await oauth.processAuthorizationCodeResponse(as, client, response);
        accessToken = result.access_token;
      } catch (error) {
        fail(error);
      }
      const response = await oauth.protectedResourceRequest(
        accessToken,
        'GET',
        new URL(endpoints.userinfo),
        new Headers({ accept: 'application/vnd.github+json', 'user-agent': 'jinsha' }),
        null,
        requestOptions(endpoints.userinfo),
      );
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (!response.ok || !body) fail(new Error(`userinfo answered ${response.status}`));
      // GitHub answers { id, login, name, avatar_url }; an OpenID-style server answers { sub, … }.
      const providerUserId = text(body.id) || text(body.sub);
      if (!providerUserId) fail(new Error('userinfo without an id'));
      const username = text(body.login) || text(body.preferred_username) || text(body.sub);
      return {
        providerUserId,
        username,
        nickname: text(body.name) || username,
        avatarUrl: text(body.avatar_url) || text(body.picture),
      };
    },
  };
}

/** Checks the callback's state and error with oauth4webapi and returns the code. */
function codeFrom(callbackUrl: URL, expectedState: string, issuer: string, clientId: string): string {
  try {
    const params = oauth.validateAuthResponse({ issuer }, { client_id: clientId }, callbackUrl, expectedState);
    const code = params.get('code');
    if (!code) throw new Error('no code');
    return code;
  } catch (error) {
    fail(error);
  }
}

/**
 * Weibo (open.weibo.com): authorization code without PKCE; the token answer carries `uid` and no
 * token_type, and the profile comes from /2/users/show.json.
 */
function weiboClient(clientId: string, clientSecret: string, endpoints: Endpoints): OAuthProviderClient {
  return {
    id: 'weibo',
    pkce: false,
    authorizationUrl({ redirectUri, state }) {
      const url = new URL(endpoints.authorize);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('state', state);
      return url;
    },
    async exchange({ callbackUrl, redirectUri, expectedState }) {
      const code = codeFrom(callbackUrl, expectedState, new URL(endpoints.authorize).origin, clientId);
      const token = await getJson(new URL(endpoints.token), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          client_id: clientId,
          client_secret: clientSecret,
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
        }),
      });
      const accessToken = text(token.access_token);
      const uid = text(token.uid);
      if (!accessToken || !uid) fail(new Error('weibo token answer without access_token or uid'));
      const userUrl = new URL(endpoints.userinfo);
      userUrl.searchParams.set('access_token', accessToken);
      userUrl.searchParams.set('uid', uid);
      const user = await getJson(userUrl);
      const screenName = text(user.screen_name) || text(user.name);
      return {
        providerUserId: text(user.idstr) || uid,
        username: screenName,
        nickname: text(user.name) || screenName,
        avatarUrl: text(user.avatar_large) || text(user.profile_image_url),
      };
    },
  };
}

/**
 * WeChat website login (open.weixin.qq.com qrconnect): `appid`/`secret` instead of client_id/secret,
 * the token by GET with errcode answers, the person by openid (unionid when the app has one).
 */
function wechatClient(appId: string, appSecret: string, endpoints: Endpoints): OAuthProviderClient {
  return {
    id: 'wechat',
    pkce: false,
    authorizationUrl({ redirectUri, state }) {
      const url = new URL(endpoints.authorize);
      url.searchParams.set('appid', appId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'snsapi_login');
      url.searchParams.set('state', state);
      url.hash = 'wechat_redirect';
      return url;
    },
    async exchange({ callbackUrl, expectedState }) {
      const code = codeFrom(callbackUrl, expectedState, new URL(endpoints.authorize).origin, appId);
      const tokenUrl = new URL(endpoints.token);
      tokenUrl.searchParams.set('appid', appId);
      tokenUrl.searchParams.set('secret', appSecret);
      tokenUrl.searchParams.set('code', code);
      tokenUrl.searchParams.set('grant_type', 'authorization_code');
      const token = await getJson(tokenUrl);
      if (token.errcode) fail(new Error(`wechat: ${text(token.errmsg)}`));
      const accessToken = text(token.access_token);
      const openid = text(token.openid);
      if (!accessToken || !openid) fail(new Error('wechat token answer without access_token or openid'));
      const userUrl = new URL(endpoints.userinfo);
      userUrl.searchParams.set('access_token', accessToken);
      userUrl.searchParams.set('openid', openid);
      const user = await getJson(userUrl);
      if (user.errcode) fail(new Error(`wechat: ${text(user.errmsg)}`));
      const nickname = text(user.nickname);
      return {
        providerUserId: text(user.unionid) || text(token.unionid) || openid,
        username: nickname,
        nickname,
        avatarUrl: text(user.headimgurl),
      };
    },
  };
}

/** The providers whose credentials are configured; the others are hidden in the UI. */
export function configuredProviders(env: Env): Map<OAuthProvider, OAuthProviderClient> {
  const providers = new Map<OAuthProvider, OAuthProviderClient>();
  if (env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET) {
    providers.set(
      'github',
      githubClient(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET, {
        authorize: env.OAUTH_GITHUB_AUTHORIZE_URL ?? 'https://github.com/login/oauth/authorize',
        token: env.OAUTH_GITHUB_TOKEN_URL ?? 'https://github.com/login/oauth/access_token',
        userinfo: env.OAUTH_GITHUB_USERINFO_URL ?? 'https://api.github.com/user',
      }),
    );
  }
  if (env.WEIBO_CLIENT_ID && env.WEIBO_CLIENT_SECRET) {
    providers.set(
      'weibo',
      weiboClient(env.WEIBO_CLIENT_ID, env.WEIBO_CLIENT_SECRET, {
        authorize: env.OAUTH_WEIBO_AUTHORIZE_URL ?? 'https://api.weibo.com/oauth2/authorize',
        token: env.OAUTH_WEIBO_TOKEN_URL ?? 'https://api.weibo.com/oauth2/access_token',
        userinfo: env.OAUTH_WEIBO_USERINFO_URL ?? 'https://api.weibo.com/2/users/show.json',
      }),
    );
  }
  if (env.WECHAT_APP_ID && env.WECHAT_APP_SECRET) {
    providers.set(
      'wechat',
      wechatClient(env.WECHAT_APP_ID, env.WECHAT_APP_SECRET, {
        authorize: env.OAUTH_WECHAT_AUTHORIZE_URL ?? 'https://open.weixin.qq.com/connect/qrconnect',
        token: env.OAUTH_WECHAT_TOKEN_URL ?? 'https://api.weixin.qq.com/sns/oauth2/access_token',
        userinfo: env.OAUTH_WECHAT_USERINFO_URL ?? 'https://api.weixin.qq.com/sns/userinfo',
      }),
    );
  }
  return providers;
}
