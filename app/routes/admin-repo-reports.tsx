import { REPORT_REASONS } from '@core/moderation.ts';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { formatDateTime } from '@core/format.ts';
import { AdminPanel } from '~/features/admin/admin-layout.tsx';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { pageMeta } from '~/lib/meta.ts';
import { loadRepoReports } from '~/lib/repos.server.ts';
import { AdminTable } from '~/ui/admin-table.tsx';
import type { Route } from './+types/admin-repo-reports';

/** /admin/repo-reports: readers' reports of repos (the moderation queue, target type repo); dismiss one. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadRepoReports(context, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '开源库举报 - 管理后台');

const STATUS_LABELS: Record<string, string> = { open: '待处理', dismissed: '已驳回' };

export default function AdminRepoReports({ loaderData }: Route.ComponentProps) {
  const alerts = useAlerts();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const { reports, before, all } = loaderData;

  async function dismiss(reportId: string) {
    setBusy(reportId);
    try {
      await apiFetch('/api/repo/repo_reports/handle', { json: { reportId } });
      alerts.push({ type: 'success', message: '已处理' });
      await revalidator.revalidate();
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <AdminPanel
      title="开源库举报"
      tools={
        <nav aria-label="状态" className="flex gap-3 text-sm">
          <Link to="?" className={all ? 'text-fg-2 hover:text-brand' : 'font-medium text-brand'}>
            待处理
          </Link>
          <Link to="?status=all" className={all ? 'font-medium text-brand' : 'text-fg-2 hover:text-brand'}>
            全部
          </Link>
        </nav>
      }
    >
      <AdminTable
        label="开源库举报"
        rows={reports}
        rowKey={(row) => row.id}
        empty="没有待处理的举报"
        columns={[
          {
            header: '时间',
            className: 'whitespace-nowrap text-fg-2',
            cell: (row) => (
              // The reader's time zone may differ from the server's.
              <time dateTime={row.createdAt} suppressHydrationWarning>
                {formatDateTime(row.createdAt)}
              </time>
            ),
          },
          {
            header: '开源库',
            cell: (row) => (
              <Link to={`/repo/${row.repo.id}`} className="hover:text-brand">
                {row.repo.owner}/{row.repo.name}
              </Link>
            ),
          },
          { header: '举报人', cell: (row) => row.user.username },
          {
            header: '原因',
            cell: (row) => REPORT_REASONS[row.reason as keyof typeof REPORT_REASONS] ?? row.reason,
          },
          { header: '说明', className: 'text-fg-2', cell: (row) => row.detail },
          {
            header: '状态',
            cell: (row) =>
              row.handled ? (
                (STATUS_LABELS[row.status] ?? row.status)
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={busy === row.id}
                  onClick={() => void dismiss(row.id)}
                >
                  驳回
                </button>
              ),
          },
        ]}
      />
      {before && (
        <div className="mt-4 text-center">
          <Link
            to={`?${new URLSearchParams({ ...(all ? { status: 'all' } : {}), before })}`}
            className="btn btn-secondary btn-sm"
          >
            下一页
          </Link>
        </div>
      )}
    </AdminPanel>
  );
}
