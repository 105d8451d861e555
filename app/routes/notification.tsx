import { formatCount } from '@core/format.ts';
import { NavLink, Outlet } from 'react-router';
import { loadNotificationLayout } from '~/features/notifications/notifications.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { useUnreadCount } from '~/lib/unread-count.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import type { Route } from './+types/notification';

/** /notification: signed-in only; tabs for the default list and the system list (SPEC §2.2). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadNotificationLayout(context);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '消息');

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `relative inline-flex h-12 items-center gap-1.5 px-4 transition-colors duration-150 hover:text-brand ${
    isActive
      ? "font-medium text-brand after:absolute after:inset-x-4 after:bottom-0 after:h-0.5 after:rounded-full after:bg-brand after:content-['']"
      : 'text-fg-2'
  }`;

function Badge({ value, label }: { value: number; label: string }) {
  if (value <= 0) return null;
  return (
    <>
      <span aria-hidden className="min-w-5 rounded-full bg-danger px-1.5 text-center text-[11px] text-white leading-5">
        {formatCount(value)}
      </span>
      <span className="sr-only">{`${value} 条${label}未读`}</span>
    </>
  );
}

export default function NotificationLayout({ loaderData }: Route.ComponentProps) {
  const live = useUnreadCount().counts;
  const counts = live ?? loaderData.counts;
  return (
    <PageContainer className="max-w-[860px]">
      <h1 className="sr-only">消息</h1>
      <nav aria-label="消息分类" className="rounded-t bg-card">
        <div className="flex border-line border-b px-1">
          <NavLink to="/notification" end className={tabClass}>
            消息
            <Badge value={counts.user} label="消息" />
          </NavLink>
          <NavLink to="/notification/system" className={tabClass}>
            系统通知
            <Badge value={counts.system} label="系统通知" />
          </NavLink>
        </div>
      </nav>
      <Outlet />
    </PageContainer>
  );
}
