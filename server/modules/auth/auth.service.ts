import { verify } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';
import { RESET_PASSWORD_MESSAGE } from '@core/validation.ts';
import type { Db } from '@db/client.ts';
import { AppError } from '../../http/errors.ts';
import { getUserBrief } from '../users/users.service.ts';
import type { Viewer } from './auth.policy.ts';
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
  db: Db,
  options: { userId: string; ttlDays: number; userAgent?: string; ip?: string; clientId?: string },
): Promise<NewSession> {
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

export async function resolveSession(db: Db, token: string | undefined): Promise<Viewer | null> {
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

export async function endSession(db: Db, token: string): Promise<void> {
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
  db: Db,
  input: { userId: string; ttlDays: number; previousToken?: string; userAgent?: string; ip?: string },
) {
  if (input.previousToken) await endSession(db, input.previousToken);
  const session = await createSession(db, {
    userId: input.userId,
    ttlDays: input.ttlDays,
    userAgent: input.userAgent,
    ip: input.ip,
  });
  const user = await getUserBrief(db, input.userId);
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
  db: Db,
  options: { email: string } | { phone: string },
  password: string,
): Promise<{ userId: string }> {
  const user = await queries.findUserForLogin(db, options);
  if (!user) throw new AppError(404, 'email' in options ? '邮箱不存在' : '手机号不存在');
  if (!user.passwordHash || !(await verify(user.passwordHash, password))) throw new AppError(401, '密码错误');
  if (user.mustResetPassword) throw new AppError(410, RESET_PASSWORD_MESSAGE);
  return { userId: user.id };
}
