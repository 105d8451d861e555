import { createRoute } from '@hono/zod-openapi';
import { createAdminRoute } from '../../http/admin-route.ts';
import { pointerSchema } from '@core/inputs.ts';
import { createGetWriteRoute, errorResponses, okResponse, z, jsonBody } from '../../http/openapi.ts';
import {
  notificationPageSchema,
  sendSystemNoticeSchema,
  systemPageSchema,
  unreadCountsSchema,
} from './notifications.schemas.ts';

const tags = ['notification'];

function countsRoute(path: string, summary: string) {
  return createRoute({
    method: 'get',
    path,
    tags,
    summary,
    responses: { ...okResponse(unreadCountsSchema), ...errorResponses(401) },
  });
}

export const getUserNotificationNum = countsRoute('/getUserNotificationNum', 'Unread counts: user, system, total');
/** A read-all: a write the spec keeps on GET. */
function readAllRoute(path: string, summary: string) {
  return createGetWriteRoute({
    path,
    tags,
    summary,
    responses: { ...okResponse(unreadCountsSchema), ...errorResponses(401, 403) },
  });
}

export const setUserNotificationNum = readAllRoute(
  '/setUserNotificationNum',
  'Read-all for the user notifications; returns the new unread counts',
);
export const getUnreadSystemNotificationNum = countsRoute(
  '/getUnreadSystemNotificationNum',
  'Unread counts (system is the unread system notices)',
);
export const checkAllSystemNotification = readAllRoute(
  '/checkAllSystemNotification',
  'Read-all for the system notifications; returns the new unread counts',
);

export const getUserNotification = createRoute({
  method: 'get',
  path: '/getUserNotification',
  tags,
  summary: 'The viewer’s notification groups (userList, count, target), newest activity first; muted users left out',
  request: {
    query: z.object({
      before: pointerSchema,
    }),
  },
  responses: { ...okResponse(notificationPageSchema), ...errorResponses(400, 401) },
});

export const getSystemNotification = createRoute({
  method: 'get',
  path: '/getSystemNotification',
  tags,
  summary: 'The viewer’s system notifications, newest first',
  request: {
    query: z.object({
      pointer: pointerSchema,
    }),
  },
  responses: { ...okResponse(systemPageSchema), ...errorResponses(400, 401) },
});

export const sendSystemNotification = createAdminRoute({
  method: 'post',
  path: '/sendSystemNotification',
  summary: 'Administrators: send a system notice to one person or to everyone',
  request: {
    body: jsonBody(sendSystemNoticeSchema),
  },
  responses: { ...okResponse(z.object({ sent: z.number() })), ...errorResponses(400, 401, 403, 404) },
});

export const unreadStream = createRoute({
  method: 'get',
  path: '/stream',
  tags,
  summary:
    'Server-sent events: `unread` with { user, system, total } at once and whenever they change (any instance); a comment every 25 s',
  responses: {
    200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...errorResponses(401),
  },
});
