import { z } from '@hono/zod-openapi';
import { INVITE_LIMITS, MAIL_TYPES, OAUTH_PROVIDERS } from '@core/account-settings.ts';
import { LIMITS } from '@core/constants.ts';
import { TRANSPORT_MESSAGES } from '@core/messages.ts';

/** Inputs are bounded at the edge; the services check the rules and answer the spec's messages. */
const text = (max: number) => z.string().max(max).default('');

export const updateUserInfoSchema = z
  .object({ field: z.string().max(32), value: z.string().max(1000).default('') })
  .openapi('UpdateUserInfo');

export const changePasswordSchema = z
  .object({
    old_password: text(LIMITS.passwordMax),
    new_password: z.string().max(LIMITS.passwordMax, '密码长度请控制在 128 位以内').default(''),
    confirm_password: z.string().max(1000).optional(),
  })
  .openapi('ChangePassword');

export const sendBindSmsSchema = z.object({ mobilePhoneNumber: text(32) }).openapi('SendBindSms');
export const bindMobileSchema = z
  .object({ mobilePhoneNumber: text(32), smsCode: z.string().max(LIMITS.smsCode, '验证码错误').default('') })
  .openapi('BindMobile');
export const updateEmailSchema = z.object({ email: z.string().max(LIMITS.account, '邮箱格式不正确').default('') });
export const confirmEmailSchema = z.object({ mail_token: z.string().min(1).max(200) });

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export const unbindSchema = z
  .object({
    channel: z.enum([...OAUTH_PROVIDERS, 'email', 'phone'], { error: '不支持的解绑方式' }),
    isThird: flag,
  })
  .openapi('Unbind');

export const sessionSchema = z.object({
  id: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
/** GET /v1/getUserInfo: the signed-in person's profile and ways to sign in. */
export const accountSettingsSchema = z
  .object({
    profile: z.object({
      id: z.string(),
      username: z.string(),
      avatarLarge: z.string(),
      jobTitle: z.string(),
      company: z.string(),
      blogAddress: z.string(),
      selfDescription: z.string(),
    }),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    mobilePhoneNumber: z.string().nullable(),
    hasPassword: z.boolean(),
    thirdParty: z.array(
      z.object({ provider: z.string(), label: z.string(), bound: z.boolean(), nickname: z.string() }),
    ),
  })
  .openapi('AccountSettings');

export const endSessionSchema = z.object({ id: z.string().min(1).max(64) });

export const mailTypeQuerySchema = z.object({ type: z.enum(MAIL_TYPES, { error: '不支持的邮件类型' }) });
export const subscribeQuerySchema = mailTypeQuerySchema.extend({ check: flag });

export const userIdParamSchema = z.object({ userId: z.string().regex(/^[0-9a-zA-Z]{24}$/, TRANSPORT_MESSAGES[404]) });
export const postInviteSchema = z
  .object({
    receiverName: z.string().max(200).default(''),
    receiverEmail: z.string().max(INVITE_LIMITS.receiverEmail, '邮箱格式不正确').default(''),
  })
  .openapi('PostInvite');

export const providerParamSchema = z.object({ provider: z.string().max(16) });
