import type { AppLoadContext } from 'react-router';
import { getDashboard } from '@server/modules/admin/admin.service.ts';
import { listAudit } from '@server/modules/audit/audit.service.ts';
import { fromService, requireRoleIn } from '~/lib/route-guards.server.ts';
import { adminNavFor, CONSOLE_ROLES } from './admin-nav.ts';

/** /admin (layout): administrators and editors; each sees the console links for their role. */
export function loadAdminLayout(context: AppLoadContext) {
  const viewer = requireRoleIn(context, CONSOLE_ROLES);
  return { nav: adminNavFor(viewer.role) };
}

/** /admin (index): the dashboard, administrators only. */
export async function loadDashboard(context: AppLoadContext) {
  requireRoleIn(context, ['admin']);
  return getDashboard(context.db);
}

/** /admin/audit: the audit log's first page (or the page after `pointer`), filtered by action. */
export async function loadAuditLog(context: AppLoadContext, url: URL) {
  requireRoleIn(context, ['admin']);
  const action = url.searchParams.get('action')?.slice(0, 32) || undefined;
  return fromService(
    listAudit(context.db, { limit: 30, action, pointer: url.searchParams.get('pointer') ?? undefined }),
  );
}
