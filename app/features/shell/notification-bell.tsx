import { formatCount } from '@core/format.ts';
import { Bell } from '~/ui/icons.tsx';
import { Link } from 'react-router';
import { useUnreadCount } from '~/lib/unread-count.ts';
import { iconButtonClass } from '~/ui/button.tsx';

/** The bell links to /notification and carries the unread count (user + system). */
export function NotificationBell() {
  const { count } = useUnreadCount();
  return (
    <Link
      to="/notification"
      aria-label={count > 0 ? `消息，${count} 条未读` : '消息'}
      title="消息"
      className={iconButtonClass('relative')}
    >
      <Bell aria-hidden size={20} strokeWidth={1.75} />
      {count > 0 && (
        <span aria-hidden className="badge">
          {formatCount(count)}
        </span>
      )}
    </Link>
  );
}
