import type { LimitRule, RateLimits } from '../../adapters/rate-limit.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../http/errors.ts';

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

export type PasswordOutcome = 'wrong' | 'right' | 'other';

export interface LockoutDeps {
  env: Pick<Env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT' | 'LOGIN_MAX_FAILURES_PER_IP'>;
  limits: RateLimits;
}

/**
 * Every check of a password a person types goes through here (sign-in, changing the password):
 * once the account or the address has used up its failures within 15 minutes, every try is
 * refused with 403 失败次数过多，请稍后重试, the right password included, until the window passes.
 * `attempt` checks the password and throws on a wrong one; `outcome` says what a thrown error
 * means: a wrong password counts for the account and the address, a right one clears the account.
 */
export async function withPasswordLockout<T>(
  deps: LockoutDeps,
  keys: { account: string; ip: string },
  attempt: () => Promise<T>,
  outcome: (error: unknown) => PasswordOutcome,
): Promise<T> {
  const rules = lockoutRules(deps.env);
  const [accountBlocked, ipBlocked] = await Promise.all([
    deps.limits.isBlocked(rules.account, keys.account),
    keys.ip ? deps.limits.isBlocked(rules.ip, keys.ip) : false,
  ]);
  if (accountBlocked || ipBlocked) throw new AppError(403, LOCKOUT_MESSAGE);
  try {
    const result = await attempt();
    await deps.limits.reset(rules.account, keys.account);
    return result;
  } catch (error) {
    const kind = outcome(error);
    if (kind === 'wrong') {
      await Promise.all([
        deps.limits.consume(rules.account, keys.account),
        keys.ip ? deps.limits.consume(rules.ip, keys.ip) : null,
      ]);
    } else if (kind === 'right') {
      await deps.limits.reset(rules.account, keys.account);
    }
    throw error;
  }
}
