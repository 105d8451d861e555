import { createAdminRoute } from '../../http/admin-route.ts';
import { limitSchema, pointerSchema } from '@core/inputs.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import { ASSIGNABLE_ROLES } from '@core/permissions.ts';
import { userRoles } from '@db/schema/users.ts';
import { errorResponses, idSchema, jsonBody, jsonRequest, okResponse, z } from '../../http/openapi.ts';

const seriesSchema = z.object({ daily: z.array(z.number()), today: z.number(), week: z.number() });

export const dashboardSchema = z
  .object({
    days: z.array(z.string()),
    series: z.object({
      signups: seriesSchema,
      entries: seriesSchema,
      comments: seriesSchema,
      pins: seriesSchema,
      reports: seriesSchema,
      orders: seriesSchema,
    }),
  })
  .openapi('AdminDashboard');

export const getDashboard = createAdminRoute({
  method: 'get',
  path: '/dashboard',
  summary: 'Sign-ups, entries, comments, pins, reports and orders per day for the last 7 days (site days, UTC+8)',
  responses: { ...okResponse(dashboardSchema), ...errorResponses(401, 403) },
});

export const suspend = createAdminRoute({
  method: 'post',
  path: '/suspend',
  summary: 'Suspend a person until a date with a reason (they read but cannot write), or lift it with until null',
  request: {
    body: jsonBody(
      z.object({
        userId: idSchema,
        until: z.string().max(40).nullable().describe('ISO date-time the suspension ends; null lifts it'),
        reason: z.string().max(200, '原因不能超过200字').optional(),
      }),
    ),
  },
  responses: {
    ...okResponse(z.object({ suspendedUntil: z.string().nullable() })),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const personSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    avatarLarge: z.string(),
    email: z.string().nullable(),
    mobilePhoneNumber: z.string().nullable(),
    role: z.enum(userRoles),
    isXiaoceAuthor: z.boolean(),
    mustResetPassword: z.boolean(),
    suspendedUntil: z.string().nullable().describe('Set only while a suspension runs'),
    suspendReason: z.string(),
    createdAt: z.string(),
  })
  .openapi('AdminPerson');

export const listPeople = createAdminRoute({
  method: 'get',
  path: '/people',
  summary: 'People, newest first, found by an exact id, phone number or email, or a part of the username',
  request: {
    query: z.object({
      q: z.string().max(64).optional(),
      pointer: pointerSchema,
      limit: limitSchema(PAGE_SIZE.feed),
    }),
  },
  responses: {
    ...okResponse(z.object({ list: z.array(personSchema), pointer: z.string().nullable() })),
    ...errorResponses(400, 401, 403),
  },
});

export const setPerson = createAdminRoute({
  method: 'post',
  path: '/people/update',
  summary: 'Change a person’s role (user, editor, admin; not one’s own) or booklet-author flag; audited',
  request: jsonRequest(
    z.object({
      userId: idSchema,
      role: z.enum(ASSIGNABLE_ROLES).optional(),
      isXiaoceAuthor: z.boolean().optional(),
    }),
  ),
  responses: { ...okResponse(personSchema), ...errorResponses(400, 401, 403, 404) },
});
