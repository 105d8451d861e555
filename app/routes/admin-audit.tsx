import { AUDIT_ACTION_LABELS } from '@core/moderation.ts';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '@core/format.ts';
import { AdminPanel, FilterButton, FilterSelect, NextPageLink } from '~/features/admin/admin-layout.tsx';
import { AUDIT_TARGET_LABELS, auditDetailText } from '~/features/admin/audit-detail.ts';
import { loadAuditLog } from '~/features/admin/admin.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { AdminTable } from '~/ui/admin-table.tsx';
import type { Route } from './+types/admin-audit';

/**
 * /admin/audit: every administrator action, newest first (append-only); filter by action. Each row
 * names its target (linked to its page) and gives the reason and the particulars the action kept.
 */
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
          <FilterSelect
            id="audit-action"
            name="action"
            defaultValue={action}
            options={AUDIT_ACTION_LABELS}
            all="全部"
          />
          <FilterButton />
        </form>
      }
    >
      <AdminTable
        label="操作日志"
        rows={loaderData.list}
        rowKey={(row) => row.id}
        empty="暂无操作记录"
        columns={[
          { header: '时间', className: 'whitespace-nowrap text-fg-2', cell: (row) => formatDateTime(row.createdAt) },
          {
            header: '操作人',
            // Names and actions keep to one line: at 390 px they were squeezed to a character a line.
            className: 'whitespace-nowrap',
            cell: (row) => (
              <Link to={`/user/${row.actorId}`} className="hover:text-brand">
                {row.actorName}
              </Link>
            ),
          },
          {
            header: '操作',
            className: 'whitespace-nowrap',
            cell: (row) => AUDIT_ACTION_LABELS[row.action] ?? row.action,
          },
          {
            header: '对象',
            className: 'min-w-[160px]',
            cell: (row) => (
              <>
                <span className="mr-1 text-fg-3 text-xs">{AUDIT_TARGET_LABELS[row.targetType] ?? row.targetType}</span>
                {row.target.href ? (
                  <Link to={row.target.href} className="hover:text-brand">
                    {row.target.title}
                  </Link>
                ) : (
                  row.target.title
                )}
              </>
            ),
          },
          {
            header: '原因 / 说明',
            className: 'min-w-[160px] text-fg-2',
            cell: (row) => {
              const particulars = auditDetailText(row.action, row.detail);
              return (
                <>
                  {row.reason && <p>{row.reason}</p>}
                  {particulars && <p className="break-all text-fg-3 text-xs">{particulars}</p>}
                </>
              );
            },
          },
        ]}
      />
      <NextPageLink filters={{ action }} pointer={loaderData.pointer} />
    </AdminPanel>
  );
}
