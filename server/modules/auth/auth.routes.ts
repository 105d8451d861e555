import { createRoute } from '@hono/zod-openapi';
import { errorResponses, okResponse, z, jsonBody } from '../../http/openapi.ts';
import { authStateSchema, emailLoginSchema, phoneLoginSchema } from './auth.schemas.ts';

const tags = ['passport'];

export const loginByEmail = createRoute({
  method: 'post',
  path: '/auth/type/email',
  tags,
  summary: 'Sign in with e-mail and password',
  request: { body: jsonBody(emailLoginSchema) },
  responses: { ...okResponse(authStateSchema), ...errorResponses(400, 401, 403, 404, 410) },
});

export const loginByPhone = createRoute({
  method: 'post',
  path: '/auth/type/phoneNumber',
  tags,
  summary: 'Sign in with a mainland mobile number and password',
  request: { body: jsonBody(phoneLoginSchema) },
  responses: { ...okResponse(authStateSchema), ...errorResponses(400, 401, 403, 404, 410) },
});

export const logout = createRoute({
  method: 'delete',
  path: '/auth',
  tags,
  summary: 'Sign out: deletes the session',
  responses: { ...okResponse(z.null()), ...errorResponses(401) },
});
