import { MAINLAND_MOBILE_PATTERN, RESET_PASSWORD_MESSAGE } from '@core/validation.ts';
import { regexes } from 'zod/v4/core';

export type LoginRequest =
  | { type: 'phoneNumber'; path: string; body: { phoneNumber: string; password: string } }
  | { type: 'email'; path: string; body: { email: string; password: string } };

export type LoginCheck =
  | { ok: true; request: LoginRequest }
  | { ok: false; field: 'account' | 'password'; message: string };

/**
 * Client-side checks before any request (SPEC §5, §8): the account is tested as a mainland
 * mobile number first, otherwise it must be an e-mail (the same pattern the API's zod uses).
 */
export function checkLogin(accountInput: string, password: string): LoginCheck {
  const account = accountInput.trim();
  if (!account) return { ok: false, field: 'account', message: '请填写手机号或邮箱' };
  const isPhone = MAINLAND_MOBILE_PATTERN.test(account);
  if (!isPhone && !regexes.email.test(account)) {
    return { ok: false, field: 'account', message: '邮箱或手机格式错误' };
  }
  if (!password) return { ok: false, field: 'password', message: '请输入密码' };
  return {
    ok: true,
    request: isPhone
      ? { type: 'phoneNumber', path: '/api/passport/auth/type/phoneNumber', body: { phoneNumber: account, password } }
      : { type: 'email', path: '/api/passport/auth/type/email', body: { email: account, password } },
  };
}

/** The login error table of SPEC §8, by HTTP status. 410 is not a message: it leads to the reset page. */
export function loginErrorMessage(status: number, type: LoginRequest['type']): string {
  if (status === 401) return '密码错误';
  if (status === 403) return '失败次数过多，请稍后重试';
  if (status === 404) return type === 'phoneNumber' ? '手机号不存在' : '邮箱不存在';
  return '登录时出现错误';
}

export function resetPasswordHref(type: LoginRequest['type'], account: string): string {
  return `/reset-password?${new URLSearchParams({ type, account, msg: RESET_PASSWORD_MESSAGE })}`;
}
