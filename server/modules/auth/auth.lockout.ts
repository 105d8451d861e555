import type { Db } from '@db/client.ts';
import type { LimitRule, RateLimits } from '../../adapters/rate-limit.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../http/errors.ts';
import { verifyPasswordLogin } from './auth.service.ts';

export const LOCKOUT_MESSAGE = '失败次数过多，请稍后重试';
const WINDOW_SECONDS = 15 * 60;

/** Failed sign-ins allowed per account and per client address within 15 minutes (env-configurable). */
export function lockoutRules(env: Pick<Env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT' | 'LOGIN_MAX_FAILURES_PER_IP'>) {
  return {
    account: {
      name: 'login-account',
      points: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      durationSeconds: WINDOW_SECONDS,
    },
    ip: { name: 'login-ip', points: env.LOGIN_MAX_FAILURES_PER_IP, durationSeconds: WINDOW_SECONDS },
  } satisfies Record<string, LimitRule>;
}

function accountKey(by: { email: string } | { phone: string }): string {
  return 'email' in by ? `e:${by.email.trim().toLowerCase()}` : `p:${by.phone}`;
}

/**
 * Password sign-in with lockout (SPEC §8 403 失败次数过多，请稍后重试): once an account or an
 * address has used up its failures, every try is refused, the right password included, until the
 * window passes. Wrong passwords and unknown accounts count; a success clears the account's count.
 */
export async function loginWithLockout(
  deps: { db: Db; env: Env; limits: RateLimits },
  by: { email: string } | { phone: string },
  password: string,
  ip: string,
): Promise<{ userId: string }> {
  const rules = lockoutRules(deps.env);
  const account = accountKey(by);
  const [accountBlocked, ipBlocked] = await Promise.all([
    deps.limits.isBlocked(rules.account, account),
    ip ? deps.limits.isBlocked(rules.ip, ip) : false,
  ]);
  if (accountBlocked || ipBlocked) throw new AppError(403, LOCKOUT_MESSAGE);
  try {
    const result = await verifyPasswordLogin(deps.db, by, password);
    await deps.limits.reset(rules.account, account);
    return result;
  } catch (error) {
    if (error instanceof AppError && (error.status === 401 || error.status === 404)) {
      await Promise.all([deps.limits.consume(rules.account, account), ip ? deps.limits.consume(rules.ip, ip) : null]);
    } else if (error instanceof AppError && error.status === 410) {
      // The password was right: the account's count starts over.
      await deps.limits.reset(rules.account, account);
    }
    throw error;
  }
}
