import { AdminPanel } from '~/features/admin/admin-layout.tsx';
import { DashboardCards, DashboardChart } from '~/features/admin/dashboard.tsx';
import { loadDashboard } from '~/features/admin/admin.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import type { Route } from './+types/admin-index';

/** /admin: today's and the week's sign-ups, entries, comments, pins, reports and orders. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadDashboard(context);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '概览 - 管理后台');

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPanel title="概览">
      <DashboardCards data={loaderData} />
      <DashboardChart data={loaderData} />
    </AdminPanel>
  );
}
