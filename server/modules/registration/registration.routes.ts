import { createRoute } from '@hono/zod-openapi';
import { createAdminRoute } from '../../http/admin-route.ts';
import { createGetWriteRoute, errorResponses, okResponse, z, jsonRequest } from '../../http/openapi.ts';
import { authStateSchema } from '../auth/auth.schemas.ts';
import {
  captchaSchema,
  changeByTokenSchema,
  createUserSchema,
  mailTokenSchema,
  resetByEmailSchema,
  resetByPhoneSchema,
  sendEmailSchema,
  sendSmsCodeSchema,
} from './registration.schemas.ts';

const tags = ['user'];
const tooFrequent = {
  429: { description: 'Too many requests: 操作过于频繁，请稍后再试' },
  502: { description: 'The mail or SMS provider failed' },
} as const;

/** Issues a captcha row and counts against the caller's address: a write on GET. */
export const getRandCode = createGetWriteRoute({
  path: '/getRandCode',
  tags: ['captcha'],
  summary: 'A new 4-character image captcha (SVG data URL) and its single-use token (5 min)',
  responses: { ...okResponse(captchaSchema), ...errorResponses(403), 429: tooFrequent[429] },
});

export const sendSmsCodeToUser = createRoute({
  method: 'post',
  path: '/v2/sendSmsCodeToUser',
  tags,
  summary: 'Send a 6-digit SMS code (10 min, single-use) after the image captcha; useType signup or restpwd',
  description:
    'Errors: 400 验证码错误 (s 10017) for a wrong or used captcha, 400 该手机号已注册 (s 10014) for signup, 404 手机号不存在 for restpwd, 429 when sent too often (1 a minute, 10 a day per phone).',
  request: jsonRequest(sendSmsCodeSchema),
  responses: { ...okResponse(z.null()), ...errorResponses(400, 404), ...tooFrequent },
});

export const createUser = createRoute({
  method: 'post',
  path: '/v1/createUser',
  tags,
  summary: 'Register by e-mail or by mobile number + SMS code; signs the new user in',
  description:
    'Errors (400, envelope s): 10013 该用户名已被占用, 10014 该手机号已注册, 10019 该邮箱已注册, 10017 验证码错误, else 注册时出现错误. An e-mail registration is sent a verification mail.',
  request: jsonRequest(createUserSchema),
  responses: { ...okResponse(authStateSchema), ...errorResponses(400), 429: tooFrequent[429] },
});

export const sendEmailToUser = createRoute({
  method: 'post',
  path: '/v1/sendEmailToUser',
  tags,
  summary: 'Mail the signed-in user a new e-mail verification link (sendType verify)',
  request: jsonRequest(sendEmailSchema),
  responses: { ...okResponse(z.null()), ...errorResponses(400, 401), ...tooFrequent },
});

export const verifyUserEmail = createRoute({
  method: 'post',
  path: '/v1/verifyUserEmail',
  tags,
  summary: 'Verify an e-mail with the mailed token',
  request: jsonRequest(mailTokenSchema),
  responses: { ...okResponse(z.object({ email: z.string() })), ...errorResponses(400) },
});

export const restPassword = createRoute({
  method: 'post',
  path: '/v1/restPassword',
  tags,
  summary: 'Reset the password with an SMS code (useType restpwd); ends every session',
  request: jsonRequest(resetByPhoneSchema),
  responses: { ...okResponse(z.null()), ...errorResponses(400, 404) },
});

export const restPwdByEmail = createRoute({
  method: 'post',
  path: '/v1/restPwdByEmail',
  tags,
  summary: 'Mail a password reset link (/set-new-password?mail_token=…, 24 h, single-use)',
  request: jsonRequest(resetByEmailSchema),
  responses: { ...okResponse(z.null()), ...errorResponses(400, 404), ...tooFrequent },
});

export const changePasswordByEmailToken = createRoute({
  method: 'post',
  path: '/v1/changePasswordByEmailToken',
  tags,
  summary: 'Set a new password with the mailed reset token; ends every session',
  request: jsonRequest(changeByTokenSchema),
  responses: { ...okResponse(z.null()), ...errorResponses(400) },
});

export const applyEditor = createRoute({
  method: 'post',
  path: '/v1/apply',
  tags,
  summary: 'Apply to be an editor: deprecated (已废弃)',
  responses: { ...errorResponses(400) },
});

export const forcePasswordReset = createAdminRoute({
  method: 'post',
  path: '/v1/forcePasswordReset',
  summary: 'Administrators: require a user to reset the password (their next login answers 410); ends their sessions',
  request: jsonRequest(
    z.object({ userId: z.string().regex(/^[0-9a-zA-Z]{24}$/, '用户不存在') }).openapi('ForcePasswordReset'),
  ),
  responses: { ...okResponse(z.null()), ...errorResponses(400, 401, 403, 404) },
});
