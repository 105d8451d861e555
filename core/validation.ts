/** Rules shared by the browser's forms and the API's schemas (SPEC §5), so both say the same. */
import { z } from 'zod';
import { regexes } from 'zod/v4/core';
import { LIMITS } from './constants.ts';
import { installFieldMessages } from './messages.ts';

// Whoever checks input with these rules (the API, and the browser's forms, which load them with
// the form) words a failure the schema did not word itself in Chinese, the same way.
installFieldMessages();

/** A mainland mobile number; the login identifier is tested against it first (SPEC §5). */
export const MAINLAND_MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** The message that goes with a login answered 410 (SPEC §8). */
export const RESET_PASSWORD_MESSAGE = '为了你的账号安全，请重置密码';

/* ---- Registration and password rules (SPEC §5), shared by the register/reset forms and the API ---- */

/** Chinese characters, letters, digits and underscore. */
export const USERNAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9_]+$/;

export const usernameSchema = z
  .string()
  .trim()
  .min(1, '用户名不能为空')
  .max(LIMITS.usernameMax, `用户名要在${LIMITS.usernameMax}个字符以内`)
  .regex(USERNAME_PATTERN, '用户名仅支持中英文，数字和下划线');

export const newPasswordSchema = z
  .string()
  .min(LIMITS.passwordMin, `密码长度不能小于${LIMITS.passwordMin}位`)
  .max(LIMITS.passwordMax, `密码长度请控制在 ${LIMITS.passwordMax} 位以内`);

export const emailSchema = z
  .string()
  .trim()
  .max(LIMITS.account, '邮箱格式不正确')
  .regex(regexes.email, '邮箱格式不正确')
  .transform((value) => value.toLowerCase());

export const mobilePhoneSchema = z.string().trim().regex(MAINLAND_MOBILE_PATTERN, '手机号格式不正确');

export const captchaCodeSchema = z.string().trim().length(LIMITS.captcha, '请填写图形验证码');

export const smsCodeSchema = z.string().trim().min(1, '验证码不能为空').max(LIMITS.smsCode, '验证码错误');

export const PASSWORD_MISMATCH_MESSAGE = '两次输入的密码不一致';

/** The first message a schema gives for a value, or null when the value passes. */
export function firstIssue(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '格式不正确');
}

/**
 * The register panel's one account field holds a phone number or an e-mail (SPEC §5): digits
 * only means a phone number, anything else an e-mail.
 */
export function accountKind(account: string): 'phone' | 'email' {
  return /^\+?\d+$/.test(account.trim()) ? 'phone' : 'email';
}

/* ---- Comments and pins (SPEC §3, §5): the composer forms and the API say the same ---- */

/** `最多上传9张图片`: too many images on a comment or pin. */
export function tooManyImagesMessage(max: number): string {
  return `最多上传${max}张图片`;
}

export const COMMENT_MESSAGES = {
  empty: '评论内容不能为空',
  tooLong: `评论内容不能超过${LIMITS.commentMaxChars}字`,
} as const;

export const PIN_MESSAGES = {
  empty: '沸点内容不能为空',
  tooLong: `沸点内容不能超过${LIMITS.pinMaxChars}字`,
} as const;
