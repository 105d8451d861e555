import {
  accountKind,
  captchaCodeSchema,
  emailSchema,
  firstIssue,
  mobilePhoneSchema,
  newPasswordSchema,
  smsCodeSchema,
  usernameSchema,
} from '@core/validation.ts';

export interface RegisterForm {
  username: string;
  /** Phone number or e-mail. */
  account: string;
  imageCode: string;
  smsCode: string;
  password: string;
}

export type RegisterField = keyof RegisterForm;

export type RegisterBody =
  | { mobilePhoneNumber: string; smsCode: string; username: string; password: string }
  | { email: string; username: string; password: string; imageToken: string; imageCode: string };

export type RegisterCheck = { ok: true; body: RegisterBody } | { ok: false; field: RegisterField; message: string };

function accountIssue(account: string): string | null {
  if (!account.trim()) return '请填写手机号或邮箱';
  return firstIssue(accountKind(account) === 'phone' ? mobilePhoneSchema : emailSchema, account);
}

/**
 * The register panel's checks before any request (SPEC §5), with the schemas the API uses: the
 * username, the phone-or-email, then the image captcha (e-mail) or the SMS code (phone), then the password.
 */
export function checkRegister(form: RegisterForm, imageToken: string): RegisterCheck {
  const fail = (field: RegisterField, message: string): RegisterCheck => ({ ok: false, field, message });
  const username = firstIssue(usernameSchema, form.username);
  if (username) return fail('username', username);
  const account = accountIssue(form.account);
  if (account) return fail('account', account);
  const phone = accountKind(form.account) === 'phone';
  if (phone) {
    const sms = firstIssue(smsCodeSchema, form.smsCode);
    if (sms) return fail('smsCode', sms);
  } else {
    const captcha = firstIssue(captchaCodeSchema, form.imageCode);
    if (captcha) return fail('imageCode', captcha);
  }
  const password = firstIssue(newPasswordSchema, form.password);
  if (password) return fail('password', password);
  const base = { username: form.username.trim(), password: form.password };
  return {
    ok: true,
    body: phone
      ? { ...base, mobilePhoneNumber: form.account.trim(), smsCode: form.smsCode.trim() }
      : { ...base, email: form.account.trim(), imageToken, imageCode: form.imageCode.trim() },
  };
}

export type SmsCheck = { ok: true } | { ok: false; field: 'account' | 'imageCode'; message: string };

/** Sending an SMS code needs a phone number and the image captcha (SPEC §5). */
export function checkSmsRequest(phone: string, imageCode: string): SmsCheck {
  const phoneIssue = phone.trim() ? firstIssue(mobilePhoneSchema, phone) : '手机号格式不正确';
  if (phoneIssue) return { ok: false, field: 'account', message: phoneIssue };
  const captcha = firstIssue(captchaCodeSchema, imageCode);
  if (captcha) return { ok: false, field: 'imageCode', message: captcha };
  return { ok: true };
}

/** The register error table of SPEC §8, by envelope status. */
export function registerErrorMessage(s: number): string {
  switch (s) {
    case 10013:
      return '该用户名已被占用';
    case 10014:
      return '该手机号已注册';
    case 10019:
      return '该邮箱已注册';
    case 10017:
      return '验证码错误';
    default:
      return '注册时出现错误';
  }
}
