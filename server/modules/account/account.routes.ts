import { createRoute } from '@hono/zod-openapi';
import { createGetWriteRoute, errorResponses, okResponse, z, jsonRequest } from '../../http/openapi.ts';
import {
  accountSettingsSchema,
  bindMobileSchema,
  changePasswordSchema,
  confirmEmailSchema,
  endSessionSchema,
  mailTypeQuerySchema,
  postInviteSchema,
  providerParamSchema,
  sendBindSmsSchema,
  sessionSchema,
  subscribeQuerySchema,
  unbindSchema,
  updateEmailSchema,
  updateUserInfoSchema,
  userIdParamSchema,
} from './account.schemas.ts';

function userPost<T extends z.ZodType, D extends z.ZodType>(path: string, summary: string, body: T, data: D) {
  return createRoute({
    method: 'post',
    path,
    tags: ['user'],
    summary,
    request: jsonRequest(body),
    responses: { ...okResponse(data), ...errorResponses(400, 401, 403, 404) },
  });
}

export const updateUserInfo = userPost(
  '/v1/updateUserInfo',
  'Change one profile field (avatarLarge, username, jobTitle, company, blogAddress, selfDescription)',
  updateUserInfoSchema,
  z.object({ field: z.string(), value: z.string() }),
);
export const changePassword = userPost(
  '/v1/changePassword',
  'Change the password; the other sessions end. Wrong current passwords count like sign-in failures: 403 失败次数过多，请稍后重试 once used up',
  changePasswordSchema,
  z.object({ endedSessions: z.number() }),
);
export const updateUserMobile = userPost(
  '/v2/updateUserMobile',
  'Send a verification code by SMS to a number to bind',
  sendBindSmsSchema,
  z.object({ mobilePhoneNumber: z.string() }),
);
export const bindUserMobile = userPost(
  '/v1/bindUserMobile',
  'Bind the number with the SMS code',
  bindMobileSchema,
  z.object({ mobilePhoneNumber: z.string() }),
);
export const updateUserEmail = userPost(
  '/v1/updateUserEmail',
  'Mail a link that binds this address to the account',
  updateEmailSchema,
  z.object({ email: z.string() }),
);
export const confirmUserEmail = userPost(
  '/v1/confirmUserEmail',
  'Bind the address with the token of the mailed link',
  confirmEmailSchema,
  z.object({ email: z.string() }),
);
export const unbind = userPost(
  '/v1/unbind',
  'Unbind weibo, wechat or github (isThird 1), or email or phone (isThird 0); never the last way to sign in',
  unbindSchema,
  z.object({ channel: z.string() }),
);
export const getUserInfo = createRoute({
  method: 'get',
  path: '/v1/getUserInfo',
  tags: ['user'],
  summary: 'The current user: profile, bound e-mail and phone, third-party accounts',
  responses: { ...okResponse(accountSettingsSchema), ...errorResponses(401) },
});
export const getSessions = createRoute({
  method: 'get',
  path: '/v1/getSessions',
  tags: ['user'],
  summary: 'The signed-in sessions of the viewer, the current one marked',
  responses: { ...okResponse(z.object({ sessions: z.array(sessionSchema) })), ...errorResponses(401) },
});
export const endSession = userPost(
  '/v1/endSession',
  'End one other session',
  endSessionSchema,
  z.object({ id: z.string() }),
);
export const endOtherSessions = createRoute({
  method: 'post',
  path: '/v1/endOtherSessions',
  tags: ['user'],
  summary: 'End every session but the current one',
  responses: { ...okResponse(z.object({ ended: z.number() })), ...errorResponses(401) },
});

/** SPEC §3 mail status: each kind with a status and the check flag subscribe.php sets (the same choice). */
const mailStatusSchema = z.object({
  type: z.string(),
  status: z.boolean().openapi({ description: 'The person gets this kind of mail' }),
  check: z.boolean().openapi({ description: 'The toggle as subscribe.php’s check sets it' }),
});

export const getMailStatus = createRoute({
  method: 'get',
  path: '/getStatus.php',
  tags: ['mail'],
  summary: 'Whether the viewer gets one kind of mail (follow, article, week)',
  request: { query: mailTypeQuerySchema },
  responses: { ...okResponse(mailStatusSchema), ...errorResponses(400, 401) },
});
export const subscribeMail = createGetWriteRoute({
  path: '/subscribe.php',
  tags: ['mail'],
  summary: 'Turn one kind of mail on (check 1) or off (check 0)',
  request: { query: subscribeQuerySchema },
  responses: { ...okResponse(mailStatusSchema), ...errorResponses(400, 401, 403) },
});

export const availableCode = createRoute({
  method: 'get',
  path: '/sender/{userId}/availableCode',
  tags: ['invite'],
  summary: 'How many invitations the viewer may still send',
  request: { params: userIdParamSchema },
  responses: { ...okResponse(z.object({ count: z.number() })), ...errorResponses(401, 403, 404) },
});
export const postCode = createRoute({
  method: 'post',
  path: '/sender/{userId}/postCode',
  tags: ['invite'],
  summary: 'Send an invitation mail; one fewer left',
  request: { params: userIdParamSchema, ...jsonRequest(postInviteSchema) },
  responses: { ...okResponse(z.object({ count: z.number() })), ...errorResponses(400, 401, 403, 404) },
});

export const oauthProviders = createRoute({
  method: 'get',
  path: '/providers',
  tags: ['oauth'],
  summary: 'The third-party sign-in providers that are configured',
  responses: { ...okResponse(z.object({ providers: z.array(z.object({ provider: z.string(), label: z.string() })) })) },
});
export const oauthAuthorize = createRoute({
  method: 'get',
  path: '/{provider}/authorize',
  tags: ['oauth'],
  summary: 'Redirect to the provider (state and PKCE kept in a signed cookie)',
  request: { params: providerParamSchema },
  responses: { 302: { description: 'to the provider' }, ...errorResponses(404) },
});
export const oauthCallback = createRoute({
  method: 'get',
  path: '/{provider}/callback',
  tags: ['oauth'],
  summary: 'The provider sends the browser back here; signs in or binds, then goes to /oauth/done',
  request: { params: providerParamSchema },
  responses: { 302: { description: 'to /oauth/done' } },
});
