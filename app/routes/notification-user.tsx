import { NotificationItem } from '~/features/notifications/notification-item.tsx';
import { NotificationList } from '~/features/notifications/notification-list.tsx';
import { fetchUserNotifications, readAllUser } from '~/features/notifications/notifications-api.ts';
import { loadUserNotifications } from '~/features/notifications/notifications.server.ts';
import type { Route } from './+types/notification-user';

/** /notification: the viewer's notification groups, newest activity first; more by `before`. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadUserNotifications(context);
}

export default function UserNotifications({ loaderData }: Route.ComponentProps) {
  return (
    <NotificationList
      kind="user"
      label="消息列表"
      emptyText="暂无消息，去关注一些有趣的人吧"
      initial={loaderData}
      isUnread={(group) => !group.read}
      markRead={(group) => ({ ...group, read: true })}
      fetchMore={fetchUserNotifications}
      readAll={readAllUser}
      renderItem={(group) => <NotificationItem key={group.id} group={group} />}
    />
  );
}
