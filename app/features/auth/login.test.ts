import { describe, expect, it } from 'vitest';
import { checkLogin, loginErrorMessage, resetPasswordHref } from './login.ts';

describe('checkLogin', () => {
  it('asks for the account first, then checks its format, then the password', () => {
    expect(checkLogin('  ', 'x')).toEqual({ ok: false, field: 'account', message: '请填写手机号或邮箱' });
    expect(checkLogin('abc', 'x')).toEqual({ ok: false, field: 'account', message: '邮箱或手机格式错误' });
    expect(checkLogin('12345678901', 'x')).toMatchObject({ ok: false, message: '邮箱或手机格式错误' });
    expect(checkLogin('a@b.co', '')).toEqual({ ok: false, field: 'password', message: '请输入密码' });
  });

  it('treats a mainland mobile number as a phone login', () => {
    expect(checkLogin(' 13800138000 ', 'secret')).toEqual({
      ok: true,
      request: {
        type: 'phoneNumber',
        path: '/api/passport/auth/type/phoneNumber',
        body: { phoneNumber: '13800138000', password: 'secret' },
      },
    });
  });

  it('treats anything else that is an e-mail as an e-mail login', () => {
    expect(checkLogin('dev@jinsha.dev', 'secret')).toMatchObject({
      ok: true,
      request: { type: 'email', path: '/api/passport/auth/type/email', body: { email: 'dev@jinsha.dev' } },
    });
  });
});

describe('loginErrorMessage', () => {
  it('follows the login table of SPEC §8', () => {
    expect(loginErrorMessage(401, 'email')).toBe('密码错误');
    expect(loginErrorMessage(403, 'email')).toBe('失败次数过多，请稍后重试');
    expect(loginErrorMessage(404, 'phoneNumber')).toBe('手机号不存在');
    expect(loginErrorMessage(404, 'email')).toBe('邮箱不存在');
    expect(loginErrorMessage(500, 'email')).toBe('登录时出现错误');
    expect(loginErrorMessage(0, 'email')).toBe('登录时出现错误');
  });

  it('sends 410 to the reset page with type, account and message', () => {
    const url = new URL(resetPasswordHref('email', 'a@b.co'), 'http://x');
    expect(url.pathname).toBe('/reset-password');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      type: 'email',
      account: 'a@b.co',
      msg: '为了你的账号安全，请重置密码',
    });
  });
});
