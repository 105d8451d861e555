import { Outlet } from 'react-router';
import { AdminLayout } from '~/features/admin/admin-layout.tsx';
import { loadAdminLayout } from '~/features/admin/admin.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import type { Route } from './+types/admin';

/** /admin: the console layout for administrators and editors; anyone else gets 403 → / with 'Forbidden'. */
export function loader({ context }: Route.LoaderArgs) {
  return loadAdminLayout(context);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '管理后台');

export default function AdminConsole({ loaderData }: Route.ComponentProps) {
  return (
    <AdminLayout nav={loaderData.nav}>
      <Outlet />
    </AdminLayout>
  );
}
