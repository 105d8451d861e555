import { streamSSE } from 'hono/streaming';
import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import { requireRole, requireViewer } from '../auth/auth.policy.ts';
import { liveHub, trackStream } from './notifications.live.ts';
import * as routes from './notifications.routes.ts';
import {
  type UnreadCounts,
  getUnreadCounts,
  listSystemNotifications,
  listUserNotifications,
  readAllSystemNotifications,
  readAllUserNotifications,
  sendSystemNotice,
} from './notifications.service.ts';

/** Proxies drop idle connections after a minute or so; a comment line every 25 s keeps the stream open. */
export const HEARTBEAT_MS = 25_000;

export const notificationApi = createApi()
  .openapi(routes.getUserNotificationNum, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await getUnreadCounts({ db }, requireViewer(viewer).id));
  })
  .openapi(routes.setUserNotificationNum, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await readAllUserNotifications({ db }, requireViewer(viewer).id));
  })
  .openapi(routes.getUnreadSystemNotificationNum, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await getUnreadCounts({ db }, requireViewer(viewer).id));
  })
  .openapi(routes.checkAllSystemNotification, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await readAllSystemNotifications({ db }, requireViewer(viewer).id));
  })
  .openapi(routes.getUserNotification, async (c) => {
    const { db, viewer } = c.get('ctx');
    const { before } = c.req.valid('query');
    return ok(c, await listUserNotifications({ db }, { userId: requireViewer(viewer).id, options: { before } }));
  })
  .openapi(routes.getSystemNotification, async (c) => {
    const { db, viewer } = c.get('ctx');
    const { pointer } = c.req.valid('query');
    return ok(c, await listSystemNotifications({ db }, { userId: requireViewer(viewer).id, options: { pointer } }));
  })
  .openapi(routes.sendSystemNotification, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(
      c,
      await sendSystemNotice({ db }, { input: c.req.valid('json'), actor: requireRole(viewer, { roles: ['admin'] }) }),
    );
  })
  .openapi(routes.unreadStream, async (c) => {
    const { db, viewer, logger } = c.get('ctx');
    const userId = requireViewer(viewer).id;
    const hub = liveHub(db, logger);
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let last = -1;
      let lastCounts = '';
      const send = async (counts: UnreadCounts) => {
        const data = JSON.stringify(counts);
        if (data === lastCounts) return;
        lastCounts = data;
        last += 1;
        await stream.writeSSE({ event: 'unread', data, id: String(last) });
      };
      let queue = Promise.resolve();
      const unsubscribe = hub.subscribe(userId, (counts) => {
        queue = queue.then(() => send(counts)).catch(() => {});
      });
      let finish: () => void = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const untrack = trackStream(() => finish());
      stream.onAbort(() => finish());
      try {
        await hub.ready();
        // After LISTEN is in place, so nothing committed from here on is missed.
        await send(await getUnreadCounts({ db }, userId));
        const heartbeat = setInterval(() => {
          stream.write(': ping\n\n').catch(() => finish());
        }, HEARTBEAT_MS);
        await finished;
        clearInterval(heartbeat);
      } finally {
        unsubscribe();
        untrack();
      }
    });
  });
