import {
  PASSWORD_MISMATCH_MESSAGE,
  emailSchema,
  firstIssue,
  mobilePhoneSchema,
  newPasswordSchema,
  smsCodeSchema,
} from '@core/validation.ts';

export type ResetTab = 'phone' | 'email';

/** The reset page's starting tab from the 410 redirect's account type (phoneNumber or email). */
export function initialResetTab(type: string | null): ResetTab {
  return type === 'email' ? 'email' : 'phone';
}

/** A new password and its confirmation (SPEC §5): length first, then the match. */
export function checkNewPassword(password: string, confirm: string): string | null {
  return firstIssue(newPasswordSchema, password) ?? (password === confirm ? null : PASSWORD_MISMATCH_MESSAGE);
}

export type PhoneResetCheck =
  | { ok: true; body: { mobilePhoneNumber: string; smsCode: string; new_password: string } }
  | { ok: false; field: 'phone' | 'smsCode' | 'password' | 'confirm'; message: string };

export function checkPhoneReset(form: {
  phone: string;
  smsCode: string;
  password: string;
  confirm: string;
}): PhoneResetCheck {
  const phone = firstIssue(mobilePhoneSchema, form.phone);
  if (phone) return { ok: false, field: 'phone', message: phone };
  const sms = firstIssue(smsCodeSchema, form.smsCode);
  if (sms) return { ok: false, field: 'smsCode', message: sms };
  const password = firstIssue(newPasswordSchema, form.password);
  if (password) return { ok: false, field: 'password', message: password };
  if (form.password !== form.confirm) return { ok: false, field: 'confirm', message: PASSWORD_MISMATCH_MESSAGE };
  return {
    ok: true,
    body: { mobilePhoneNumber: form.phone.trim(), smsCode: form.smsCode.trim(), new_password: form.password },
  };
}

export function checkResetEmail(email: string): string | null {
  return firstIssue(emailSchema, email);
}
