import { createAdminRoute } from '../../http/admin-route.ts';
import { errorResponses, idSchema, okResponse, z, jsonBody } from '../../http/openapi.ts';

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
