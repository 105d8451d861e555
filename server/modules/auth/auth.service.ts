import type { Ctx } from '../../http/context.ts';
import { verify } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';
import { RESET_PASSWORD_MESSAGE } from '@core/validation.ts';
import { AppError } from '../../http/errors.ts';
import { getUserBrief } from '../users/users.service.ts';
import type { Viewer } from './auth.policy.ts';
import { type LockoutDeps, withPasswordLockout } from './auth.lockout.ts';
import * as queries from './auth.queries.ts';
import { publishChange } from '../../adapters/changes.ts';

export const SESSION_COOKIE = 'jinsha_sid';

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  token: string;
  clientId: string;
  expiresAt: Date;
}

export async function createSession(
  ctx: Pick<Ctx, 'db'>,
  options: { userId: string; ttlDays: number; userAgent?: string; ip?: string; clientId?: string },
): Promise<NewSession> {
  const { db } = ctx;
  const token = randomBytes(32).toString('base64url');
  const clientId = options.clientId ?? randomBytes(12).toString('hex');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + options.ttlDays * 86_400_000);
  await queries.insertSession(db, {
    id: hashSessionToken(token),
    userId: options.userId,
    clientId,
    userAgent: (options.userAgent ?? '').slice(0, 400),
    ip: options.ip ?? '',
    expiresAt,
  });
  await queries.markLoggedIn(db, options.userId, now);
  return { token, clientId, expiresAt };
}

/** Seen-at is refreshed at most every few minutes, so reads do not become writes. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export async function resolveSession(ctx: Pick<Ctx, 'db'>, token: string | undefined): Promise<Viewer | null> {
  const { db } = ctx;
  if (!token || token.length > 100) return null;
  const now = new Date();
  const row = await queries.findViewerBySessionHash(db, hashSessionToken(token), now);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await queries.touchSession(db, row.sessionId, now);
  }
  const { lastSeenAt: _seen, ...viewer } = row;
  return viewer;
}

export async function endSession(ctx: Pick<Ctx, 'db'>, token: string): Promise<void> {
  const { db } = ctx;
  const hash = hashSessionToken(token);
  await queries.deleteSessionByHash(db, hash);
  // Every process forgets the session at once (their session caches, auth.sessions.ts).
  await publishChange(db, { kind: 'session', key: hash });
}

/**
 * Starts a session for a user who just proved who they are (login, registration). Rotation: a
 * sign-in always starts a new session, and the one the client held (`previousToken`) ends.
 * Returns the sign-in answer of SPEC §7.1 and when the session expires.
 */
export async function signIn(
  ctx: Pick<Ctx, 'db'>,
  input: { userId: string; ttlDays: number; previousToken?: string; userAgent?: string; ip?: string },
) {
  const { db } = ctx;
  if (input.previousToken) await endSession({ db }, input.previousToken);
  const session = await createSession(
    { db },
    {
      userId: input.userId,
      ttlDays: input.ttlDays,
      userAgent: input.userAgent,
      ip: input.ip,
    },
  );
  const user = await getUserBrief({ db }, input.userId);
  return {
    expiresAt: session.expiresAt,
    answer: { user, userId: input.userId, clientId: session.clientId, token: session.token },
  };
}

/**
 * Password sign-in (SPEC §8 login table). The accounts issue adds lockout and rate limits;
 * the statuses and messages here are already the spec's.
 */
export async function verifyPasswordLogin(
  ctx: Pick<Ctx, 'db'>,
  { options, password }: { options: { email: string } | { phone: string }; password: string },
): Promise<{ userId: string }> {
  const { db } = ctx;
  const user = await queries.findUserForLogin(db, options);
  if (!user) throw new AppError(404, 'email' in options ? '邮箱不存在' : '手机号不存在');
  if (!user.passwordHash || !(await verify(user.passwordHash, password))) throw new AppError(401, '密码错误');
  if (user.mustResetPassword) throw new AppError(410, RESET_PASSWORD_MESSAGE);
  return { userId: user.id };
}

/** Resolves session tokens to viewers with a short per-process cache: createSessionResolver (auth.session-cache.ts). */
export interface SessionResolver {
  resolve(token: string | undefined): Promise<Viewer | null>;
  /** Resolves once the resolver hears every change it depends on (tests wait for it). */
  ready(): Promise<void>;
  /** Forgets every cached session of a user (after a write of theirs). */
  dropViewer(userId: string): void;
}

function lockoutOf(ctx: Pick<Ctx, 'env' | 'adapters'>): LockoutDeps {
  return { env: ctx.env, limits: ctx.adapters.limits };
}

function accountKey(by: { email: string } | { phone: string }): string {
  return 'email' in by ? `e:${by.email.trim().toLowerCase()}` : `p:${by.phone}`;
}

/**
 * Password sign-in with lockout (SPEC §8 403 失败次数过多，请稍后重试): wrong passwords and unknown
 * accounts count; a success, or a right password that must be reset (410), clears the account.
 */
export function loginWithLockout(
  ctx: Pick<Ctx, 'db' | 'env' | 'adapters'>,
  { by, password, ip }: { by: { email: string } | { phone: string }; password: string; ip: string },
): Promise<{ userId: string }> {
  return withPasswordLockout(
    lockoutOf(ctx),
    { account: accountKey(by), ip },
    () => verifyPasswordLogin(ctx, { options: by, password }),
    (error) => {
      if (error instanceof AppError && (error.status === 401 || error.status === 404)) return 'wrong';
      if (error instanceof AppError && error.status === 410) return 'right';
      return 'other';
    },
  );
}

export const CURRENT_PASSWORD_WRONG = '当前密码错误';

/**
 * Checks the current password of a signed-in person (changing the password) under the same
 * lockout as sign-in: the person's account and the address count their failures.
 */
export async function checkCurrentPassword(
  ctx: Pick<Ctx, 'env' | 'adapters'>,
  input: { userId: string; passwordHash: string; password: string; ip: string },
): Promise<void> {
  await withPasswordLockout(
    lockoutOf(ctx),
    { account: `u:${input.userId}`, ip: input.ip },
    async () => {
      if (!(await verify(input.passwordHash, input.password))) throw new AppError(400, CURRENT_PASSWORD_WRONG);
    },
    (error) => (error instanceof AppError && error.message === CURRENT_PASSWORD_WRONG ? 'wrong' : 'other'),
  );
}
