import { MAINLAND_MOBILE_PATTERN } from '@core/validation.ts';
import { z } from '@hono/zod-openapi';

export const emailLoginSchema = z
  .object({
    email: z.string().trim().min(1, '邮箱或手机不能为空').max(64).email('邮箱或手机格式错误'),
    password: z.string().min(1, '请输入密码').max(128),
  })
  .openapi('EmailLogin');

export const phoneLoginSchema = z
  .object({
    phoneNumber: z.string().trim().min(1, '邮箱或手机不能为空').regex(MAINLAND_MOBILE_PATTERN, '邮箱或手机格式错误'),
    password: z.string().min(1, '请输入密码').max(128),
  })
  .openapi('PhoneLogin');

export const authStateSchema = z
  .object({
    user: z.object({ id: z.string(), username: z.string(), role: z.string(), avatarLarge: z.string() }),
    userId: z.string(),
    clientId: z.string(),
    token: z.string(),
  })
  .openapi('AuthState');

export type EmailLogin = z.infer<typeof emailLoginSchema>;
export type PhoneLogin = z.infer<typeof phoneLoginSchema>;
