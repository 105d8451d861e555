import { useEffect, useState } from 'react';
import { NotificationItem } from '~/features/notifications/notification-item.tsx';
import { fetchUserNotifications, readAllUser } from '~/features/notifications/notifications-api.ts';
import type { NotificationGroupView } from '~/features/notifications/types.ts';
import { useLiveRefresh } from '~/features/notifications/use-live-refresh.ts';
import { useAlerts } from '~/lib/alerts.ts';
import { loadUserNotifications } from '~/lib/notifications.server.ts';
import { useUnreadCount } from '~/lib/unread-count.ts';
import { Button } from '~/ui/button.tsx';
import type { Route } from './+types/notification-user';

/** /notification: the viewer's notification groups, newest activity first; more by `before`. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadUserNotifications(context);
}

export default function UserNotifications({ loaderData }: Route.ComponentProps) {
  const alerts = useAlerts();
  const { counts, setCounts } = useUnreadCount();
  const [list, setList] = useState<NotificationGroupView[]>(loaderData.list);
  const [pointer, setPointer] = useState(loaderData.pointer);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setList(loaderData.list);
    setPointer(loaderData.pointer);
  }, [loaderData]);
  useLiveRefresh('user');

  const hasUnread = list.some((g) => !g.read) || (counts?.user ?? 0) > 0;

  async function more() {
    if (!pointer) return;
    setLoading(true);
    try {
      const page = await fetchUserNotifications(pointer);
      setList((current) => [...current, ...page.list]);
      setPointer(page.pointer);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setLoading(false);
    }
  }

  async function readAll() {
    try {
      setCounts(await readAllUser());
      setList((current) => current.map((g) => ({ ...g, read: true })));
    } catch (error) {
      alerts.pushError(error);
    }
  }

  return (
    <section aria-label="消息列表" className="rounded-b bg-card">
      <div className="flex justify-end border-line border-b px-4 py-2 sm:px-5">
        <Button variant="text" disabled={!hasUnread} onClick={() => void readAll()}>
          全部标为已读
        </Button>
      </div>
      {list.length === 0 ? (
        <p className="px-4 py-16 text-center text-fg-3">暂无消息，去关注一些有趣的人吧</p>
      ) : (
        <ul>
          {list.map((group) => (
            <NotificationItem key={group.id} group={group} />
          ))}
        </ul>
      )}
      {pointer && (
        <div className="flex justify-center border-line border-t py-3">
          <Button variant="secondary" disabled={loading} onClick={() => void more()}>
            {loading ? '加载中…' : '加载更多'}
          </Button>
        </div>
      )}
    </section>
  );
}
