import { describe, expect, it } from 'vitest';
import { checkRegister, checkSmsRequest, registerErrorMessage } from './register.ts';
import { checkNewPassword, checkPhoneReset, initialResetTab } from './reset-password.ts';

const form = { username: 'dev_1', account: 'dev@jinsha.dev', imageCode: 'ab3d', smsCode: '', password: 'secret-1' };

describe('checkRegister', () => {
  it('checks the fields in order with the spec’s messages', () => {
    expect(checkRegister({ ...form, username: ' ' }, 't')).toMatchObject({
      field: 'username',
      message: '用户名不能为空',
    });
    expect(checkRegister({ ...form, username: 'x'.repeat(21) }, 't')).toMatchObject({
      message: '用户名要在20个字符以内',
    });
    expect(checkRegister({ ...form, username: 'a b' }, 't')).toMatchObject({
      message: '用户名仅支持中英文，数字和下划线',
    });
    expect(checkRegister({ ...form, account: '' }, 't')).toMatchObject({
      field: 'account',
      message: '请填写手机号或邮箱',
    });
    expect(checkRegister({ ...form, account: 'dev@' }, 't')).toMatchObject({ message: '邮箱格式不正确' });
    expect(checkRegister({ ...form, account: '1380013800' }, 't')).toMatchObject({ message: '手机号格式不正确' });
    expect(checkRegister({ ...form, imageCode: 'abc' }, 't')).toMatchObject({
      field: 'imageCode',
      message: '请填写图形验证码',
    });
    expect(checkRegister({ ...form, account: '13800138000' }, 't')).toMatchObject({
      field: 'smsCode',
      message: '验证码不能为空',
    });
    expect(checkRegister({ ...form, password: '12345' }, 't')).toMatchObject({ message: '密码长度不能小于6位' });
    expect(checkRegister({ ...form, password: 'x'.repeat(129) }, 't')).toMatchObject({
      message: '密码长度请控制在 128 位以内',
    });
  });

  it('builds the e-mail and the phone payloads of SPEC §5', () => {
    expect(checkRegister({ ...form, account: ' Dev@Jinsha.dev ' }, 'tok')).toEqual({
      ok: true,
      body: { username: 'dev_1', password: 'secret-1', email: 'Dev@Jinsha.dev', imageToken: 'tok', imageCode: 'ab3d' },
    });
    expect(checkRegister({ ...form, account: '13800138000', smsCode: '123456', imageCode: '' }, 'tok')).toEqual({
      ok: true,
      body: { username: 'dev_1', password: 'secret-1', mobilePhoneNumber: '13800138000', smsCode: '123456' },
    });
  });
});

describe('checkSmsRequest', () => {
  it('needs a mainland number and a 4-character captcha', () => {
    expect(checkSmsRequest('', 'abcd')).toMatchObject({ field: 'account', message: '手机号格式不正确' });
    expect(checkSmsRequest('23800138000', 'abcd')).toMatchObject({ message: '手机号格式不正确' });
    expect(checkSmsRequest('13800138000', 'ab')).toMatchObject({ field: 'imageCode', message: '请填写图形验证码' });
    expect(checkSmsRequest('13800138000', 'abcd')).toEqual({ ok: true });
  });
});

describe('registerErrorMessage', () => {
  it('follows the register table of SPEC §8', () => {
    expect(registerErrorMessage(10013)).toBe('该用户名已被占用');
    expect(registerErrorMessage(10014)).toBe('该手机号已注册');
    expect(registerErrorMessage(10019)).toBe('该邮箱已注册');
    expect(registerErrorMessage(10017)).toBe('验证码错误');
    expect(registerErrorMessage(0)).toBe('注册时出现错误');
  });
});

describe('password reset checks', () => {
  it('wants a long enough password typed twice the same', () => {
    expect(checkNewPassword('12345', '12345')).toBe('密码长度不能小于6位');
    expect(checkNewPassword('123456', '1234567')).toBe('两次输入的密码不一致');
    expect(checkNewPassword('123456', '123456')).toBeNull();
    expect(checkPhoneReset({ phone: '13800138000', smsCode: '', password: 'abcdef', confirm: 'abcdef' })).toMatchObject(
      {
        message: '验证码不能为空',
      },
    );
    expect(initialResetTab('email')).toBe('email');
    expect(initialResetTab('phoneNumber')).toBe('phone');
  });
});
