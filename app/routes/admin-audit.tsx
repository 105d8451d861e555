import { AUDIT_ACTION_LABELS } from '@core/moderation.ts';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '@core/format.ts';
import { AdminPanel } from '~/features/admin/admin-layout.tsx';
import { loadAuditLog } from '~/features/admin/admin.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { EmptyState } from '~/ui/empty-state.tsx';
import type { Route } from './+types/admin-audit';

/** /admin/audit: every administrator action, newest first (append-only); filter by action. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadAuditLog(context, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '操作日志 - 管理后台');

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const action = params.get('action') ?? '';
  return (
    <AdminPanel
      title="操作日志"
      tools={
        <form method="get" className="flex items-center gap-2 text-sm">
          <label htmlFor="audit-action" className="text-fg-2">
            操作
          </label>
          <select
            id="audit-action"
            name="action"
            defaultValue={action}
            className="h-8 rounded border border-line bg-page px-2"
          >
            <option value="">全部</option>
            {Object.entries(AUDIT_ACTION_LABELS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-secondary btn-sm">
            筛选
          </button>
        </form>
      }
    >
      {loaderData.list.length === 0 ? (
        <EmptyState text="暂无操作记录" />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-fg-3">
              <tr>
                <th className="py-2 pr-3 font-normal">时间</th>
                <th className="py-2 pr-3 font-normal">操作人</th>
                <th className="py-2 pr-3 font-normal">操作</th>
                <th className="py-2 pr-3 font-normal">对象</th>
                <th className="py-2 font-normal">原因</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.list.map((row) => (
                <tr key={row.id} className="border-line border-t">
                  <td className="whitespace-nowrap py-2 pr-3 text-fg-2">{formatDateTime(row.createdAt)}</td>
                  <td className="py-2 pr-3">
                    <Link to={`/user/${row.actorId}`} className="hover:text-brand">
                      {row.actorName}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">{AUDIT_ACTION_LABELS[row.action] ?? row.action}</td>
                  <td className="py-2 pr-3 font-mono text-xs">
                    {row.targetType} {row.targetId}
                  </td>
                  <td className="py-2 text-fg-2">{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {loaderData.pointer && (
        <div className="mt-4 text-center">
          <Link
            to={`?${new URLSearchParams({ ...(action ? { action } : {}), pointer: loaderData.pointer })}`}
            className="btn btn-secondary btn-sm"
          >
            下一页
          </Link>
        </div>
      )}
    </AdminPanel>
  );
}
