import { z } from '@hono/zod-openapi';
import {
  PASSWORD_MISMATCH_MESSAGE,
  captchaCodeSchema,
  emailSchema,
  mobilePhoneSchema,
  newPasswordSchema,
  smsCodeSchema,
  usernameSchema,
} from '@core/validation.ts';
import { SMS_USE_TYPES } from '../verification/verification.service.ts';

/**
 * POST /v1/createUser (SPEC §7.2): username and password with either an e-mail, or a mobile
 * number and its SMS code. The e-mail form may carry the panel's image captcha, which is then checked.
 */
export const createUserSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema.optional(),
    mobilePhoneNumber: mobilePhoneSchema.optional(),
    smsCode: z.string().max(32).optional(),
    imageToken: z.string().max(64).optional(),
    imageCode: captchaCodeSchema.optional(),
    password: newPasswordSchema,
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.mobilePhoneNumber) {
      ctx.addIssue({ code: 'custom', message: '请填写手机号或邮箱', path: ['email'] });
    }
    if (value.mobilePhoneNumber) {
      const result = smsCodeSchema.safeParse(value.smsCode ?? '');
      if (!result.success) {
        ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? '', path: ['smsCode'] });
      }
    }
  })
  .openapi('CreateUser');

export const sendSmsCodeSchema = z
  .object({
    mobilePhoneNumber: mobilePhoneSchema,
    imageToken: z.string().min(1, '请填写图形验证码').max(64),
    imageCode: captchaCodeSchema,
    useType: z.enum(SMS_USE_TYPES, '不支持的验证码用途'),
  })
  .openapi('SendSmsCode');

export const captchaSchema = z
  .object({
    imageStr: z.string().openapi({ description: 'data:image/svg+xml;base64 URL of the captcha' }),
    imageToken: z.string(),
    answer: z.string().optional().openapi({ description: 'Only with CAPTCHA_TEST_ANSWERS (browser journeys)' }),
  })
  .openapi('Captcha');

export const sendEmailSchema = z
  .object({
    sendType: z.literal('verify').default('verify'),
    email: emailSchema.optional(),
  })
  .openapi('SendEmail');

export const mailTokenSchema = z
  .object({ mail_token: z.string().min(1, '链接无效或已过期').max(200, '链接无效或已过期') })
  .openapi('MailToken');

/** The spec names the field new_password; `password` is accepted as well. */
const newPasswordFields = {
  new_password: newPasswordSchema.optional(),
  password: newPasswordSchema.optional(),
  confirm_password: z.string().max(256).optional(),
};

function requireNewPassword(
  value: { new_password?: string; password?: string; confirm_password?: string },
  ctx: z.RefinementCtx,
) {
  const chosen = value.new_password ?? value.password;
  if (chosen === undefined) {
    ctx.addIssue({ code: 'custom', message: '密码长度不能小于6位', path: ['new_password'] });
  } else if (value.confirm_password !== undefined && value.confirm_password !== chosen) {
    ctx.addIssue({ code: 'custom', message: PASSWORD_MISMATCH_MESSAGE, path: ['confirm_password'] });
  }
}

export const resetByPhoneSchema = z
  .object({
    mobilePhoneNumber: mobilePhoneSchema,
    smsCode: smsCodeSchema,
    ...newPasswordFields,
  })
  .superRefine(requireNewPassword)
  .transform(({ mobilePhoneNumber, smsCode, new_password, password }) => ({
    mobilePhoneNumber,
    smsCode,
    newPassword: (new_password ?? password) as string,
  }))
  .openapi('RestPassword');

export const resetByEmailSchema = z.object({ email: emailSchema }).openapi('RestPwdByEmail');

export const changeByTokenSchema = z
  .object({
    mail_token: z.string().min(1, '链接无效或已过期').max(200, '链接无效或已过期'),
    ...newPasswordFields,
  })
  .superRefine(requireNewPassword)
  .transform(({ mail_token, new_password, password }) => ({
    mailToken: mail_token,
    newPassword: (new_password ?? password) as string,
  }))
  .openapi('ChangePasswordByEmailToken');
