import { createAdminRoute } from '../../http/admin-route.ts';
import { errorResponses, okResponse, z } from '../../http/openapi.ts';

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
