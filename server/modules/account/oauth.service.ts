import type { Ctx } from '../../http/context.ts';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { OAUTH_PROVIDERS, OAUTH_PROVIDER_LABELS, type OAuthProvider } from '@core/account-settings.ts';
import { newId } from '@core/ids.ts';
import type { Env } from '../../env.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { insertUser } from '../users/users.service.ts';
import * as queries from './account.queries.ts';
import { OAUTH_FAILED_MESSAGE, type OAuthProfile, configuredProviders } from './oauth.providers.ts';

/** The signed cookie that carries state and PKCE verifier from the redirect to the callback. */
export const OAUTH_COOKIE = 'jinsha_oauth';
export const OAUTH_COOKIE_PATH = '/api/oauth';
export const OAUTH_STATE_TTL_SECONDS = 600;

interface FlowState {
  provider: OAuthProvider;
  state: string;
  verifier?: string;
  expiresAt: number;
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function encodeFlowState(flow: FlowState, secret: string): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

export function decodeFlowState(value: string | undefined, secret: string, now = Date.now()): FlowState | null {
  if (!value) return null;
  const [payload, signature] = value.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const flow = JSON.parse(Buffer.from(payload, 'base64url').toString()) as FlowState;
    return flow.expiresAt > now ? flow : null;
  } catch {
    return null;
  }
}

export function redirectUriFor(ctx: Pick<Ctx, 'env'>, provider: OAuthProvider): string {
  const { env } = ctx;
  return new URL(`/api/oauth/${provider}/callback`, env.SITE_URL).href;
}

function providerClient(env: Env, provider: string) {
  const client = (OAUTH_PROVIDERS as readonly string[]).includes(provider)
    ? configuredProviders(env).get(provider as OAuthProvider)
    : undefined;
  if (!client) throw notFound('不支持该登录方式');
  return client;
}

/** The providers the login panel and account settings show. */
export function listProviders(ctx: Pick<Ctx, 'env'>) {
  const { env } = ctx;
  return [...configuredProviders(env).keys()].map((provider) => ({
    provider,
    label: OAUTH_PROVIDER_LABELS[provider],
  }));
}

/** Step 1: where to send the browser, and the signed cookie value that remembers state and verifier. */
export async function startOAuth(ctx: Pick<Ctx, 'env'>, provider: string) {
  const { env } = ctx;
  const client = providerClient(env, provider);
  const state = oauth.generateRandomState();
  const verifier = client.pkce ? oauth.generateRandomCodeVerifier() : undefined;
  const url = client.authorizationUrl({
    redirectUri: redirectUriFor({ env }, client.id),
    state,
    codeChallenge: verifier ? await oauth.calculatePKCECodeChallenge(verifier) : undefined,
  });
  const cookie = encodeFlowState(
    { provider: client.id, state, verifier, expiresAt: Date.now() + OAUTH_STATE_TTL_SECONDS * 1000 },
    env.SESSION_SECRET,
  );
  return { url: url.href, cookie };
}

export type OAuthOutcome = { action: 'signed-in' | 'created'; userId: string } | { action: 'bound'; userId: string };

const USERNAME_SANITIZE = /[^\u4e00-\u9fa5A-Za-z0-9_]/g;

/** A free username from the provider's: invalid characters become _, then a short suffix if taken. */
async function freeUsername(ctx: Pick<Ctx, 'db'>, wanted: string): Promise<string> {
  const base = Array.from(wanted.replace(USERNAME_SANITIZE, '_')).slice(0, 20).join('') || 'user';
  if (!(await queries.usernameTaken(ctx.db, base))) return base;
  for (let attempt = 0; attempt < 8; attempt++) {
    const suffix = `_${randomBytes(3)
      .toString('hex')
      .slice(0, attempt < 4 ? 4 : 6)}`;
    const candidate =
      Array.from(base)
        .slice(0, 20 - suffix.length)
        .join('') + suffix;
    if (!(await queries.usernameTaken(ctx.db, candidate))) return candidate;
  }
  return `user_${randomBytes(6).toString('hex')}`.slice(0, 20);
}

async function createUserFrom(ctx: Pick<Ctx, 'db'>, provider: OAuthProvider, profile: OAuthProfile) {
  const userId = newId();
  const username = await freeUsername(ctx, profile.username || profile.nickname);
  await ctx.db.transaction(async (tx) => {
    await insertUser(
      { db: tx },
      {
        id: userId,
        username,
        // Only an https picture from the provider (the page's CSP allows https images).
        avatarLarge: profile.avatarUrl.startsWith('https://') ? profile.avatarUrl : '',
        passwordHash: null,
      },
    );
    await queries.insertOAuthAccount(tx, {
      id: newId(),
      userId,
      provider,
      providerUserId: profile.providerUserId,
      nickname: profile.nickname.slice(0, 100),
      username: profile.username.slice(0, 100),
    });
  });
  return userId;
}

/**
 * Step 2, the callback: checks state (and PKCE through the token request), asks the provider who
 * this is, then binds the provider to the signed-in viewer, or signs in the linked user, or
 * creates a user on first login.
 */
export async function completeOAuth(
  ctx: Pick<Ctx, 'db' | 'env' | 'viewer'>,
  options: { provider: string; callbackUrl: URL; cookie: string | undefined },
): Promise<OAuthOutcome> {
  const client = providerClient(ctx.env, options.provider);
  const flow = decodeFlowState(options.cookie, ctx.env.SESSION_SECRET);
  if (!flow || flow.provider !== client.id) throw badRequest('登录已过期，请重试');
  const profile = await client.exchange({
    callbackUrl: options.callbackUrl,
    redirectUri: redirectUriFor(ctx, client.id),
    expectedState: flow.state,
    codeVerifier: flow.verifier,
  });
  const label = OAUTH_PROVIDER_LABELS[client.id];
  const linked = await queries.findOAuthAccount(ctx.db, client.id, profile.providerUserId);

  if (ctx.viewer) {
    if (linked) {
      if (linked.userId === ctx.viewer.id) return { action: 'bound', userId: linked.userId };
      throw badRequest(`该${label}账号已绑定其他用户`);
    }
    const inserted = await queries
      .insertOAuthAccount(ctx.db, {
        id: newId(),
        userId: ctx.viewer.id,
        provider: client.id,
        providerUserId: profile.providerUserId,
        nickname: profile.nickname.slice(0, 100),
        username: profile.username.slice(0, 100),
      })
      .catch(() => false);
    if (!inserted) throw badRequest(`你已绑定其他${label}账号，请先解绑`);
    return { action: 'bound', userId: ctx.viewer.id };
  }

  if (linked) return { action: 'signed-in', userId: linked.userId };
  try {
    return { action: 'created', userId: await createUserFrom(ctx, client.id, profile) };
  } catch (error) {
    // The same person finishing twice at once: the other callback created the link.
    const again = await queries.findOAuthAccount(ctx.db, client.id, profile.providerUserId);
    if (again) return { action: 'signed-in', userId: again.userId };
    throw error instanceof Error && 'status' in error ? error : badRequest(OAUTH_FAILED_MESSAGE);
  }
}
