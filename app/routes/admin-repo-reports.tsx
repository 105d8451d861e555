import { redirect } from 'react-router';
import { requireRoleIn } from '~/lib/route-guards.server.ts';
import type { Route } from './+types/admin-repo-reports';

/** /admin/repo-reports (before the one queue): repo reports are in /admin/reports, filtered to repos. */
export function loader({ context }: Route.LoaderArgs) {
  requireRoleIn(context, ['admin']);
  throw redirect('/admin/reports?type=repo', 301);
}
