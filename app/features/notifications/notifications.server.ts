import type { AppLoadContext } from 'react-router';
import {
  getUnreadCounts,
  listSystemNotifications,
  listUserNotifications,
} from '@server/modules/notifications/notifications.service.ts';
import { requireSignedIn } from '~/lib/route-guards.server.ts';
import { isAdmin } from '@core/permissions.ts';

/** /notification: signed-in only; the unread counts of both lists for the tabs. */
export async function loadNotificationLayout(context: AppLoadContext) {
  const viewer = requireSignedIn(context);
  return { counts: await getUnreadCounts(context, viewer.id) };
}

/** /notification (index): the first page of the viewer's notification groups. */
export async function loadUserNotifications(context: AppLoadContext) {
  const viewer = requireSignedIn(context);
  return listUserNotifications(context, { userId: viewer.id });
}

/** /notification/system: the first page of system notices; admins also get the send form. */
export async function loadSystemNotifications(context: AppLoadContext) {
  const viewer = requireSignedIn(context);
  const page = await listSystemNotifications(context, { userId: viewer.id });
  return { ...page, isAdmin: isAdmin(viewer) };
}
