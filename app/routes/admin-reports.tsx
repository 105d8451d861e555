import { MODERATION_TARGETS } from '@core/moderation.ts';
import { Link } from 'react-router';
import { formatDateTime } from '@core/format.ts';
import { AdminPanel, FilterButton, FilterSelect, NextPageLink } from '~/features/admin/admin-layout.tsx';
import { loadReports } from '~/features/admin/admin.server.ts';
import { ReportActions } from '~/features/admin/moderation-actions.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { AdminTable } from '~/ui/admin-table.tsx';
import type { Route } from './+types/admin-reports';

/** /admin/reports: the one queue of readers' reports (entries, comments, pins, repos, people) and authors' appeals; resolving tells the reporter. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadReports(context, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '举报与申诉 - 管理后台');

const STATUSES = {
  open: '待处理',
  hidden: '已隐藏',
  dismissed: '已驳回',
  restored: '已恢复',
  upheld: '已处理',
} as const;

const KINDS = { report: '举报', appeal: '申诉' } as const;

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPanel
      title="举报与申诉"
      tools={
        <form method="get" className="flex items-center gap-2 text-sm">
          <FilterSelect name="status" aria-label="状态" defaultValue={loaderData.status} options={STATUSES} />
          <FilterSelect name="kind" aria-label="类型" defaultValue={loaderData.kind} options={KINDS} all="举报和申诉" />
          <FilterSelect
            name="type"
            aria-label="对象"
            defaultValue={loaderData.type}
            options={MODERATION_TARGETS}
            all="全部对象"
          />
          <FilterButton />
        </form>
      }
    >
      <AdminTable
        label="举报与申诉"
        rows={loaderData.list}
        rowKey={(report) => report.id}
        rowProps={(report) => ({ 'data-report-id': report.id })}
        empty="队列为空"
        columns={[
          {
            header: '类型',
            className: 'whitespace-nowrap text-fg-2',
            cell: (report) =>
              `${report.kind === 'appeal' ? '申诉' : '举报'} · ${MODERATION_TARGETS[report.targetType]}`,
          },
          {
            header: '内容',
            className: 'min-w-[180px]',
            cell: (report) => (
              <>
                <Link to={report.targetHref} className="font-medium hover:text-brand">
                  {report.preview}
                </Link>
                {report.hidden && <p className="mt-1 text-red-600 text-xs">已隐藏：{report.hiddenReason}</p>}
              </>
            ),
          },
          {
            header: '原因',
            className: 'min-w-[120px] text-fg-2',
            cell: (report) => `${report.reasonLabel}${report.text ? `：${report.text}` : ''}`,
          },
          {
            header: '提交人',
            className: 'whitespace-nowrap text-fg-3 text-xs',
            cell: (report) => (
              <>
                {report.reporterName || '已注销用户'}
                <br />
                {formatDateTime(report.createdAt)}
              </>
            ),
          },
          {
            header: '操作',
            cell: (report) =>
              report.status === 'open' && (
                <ReportActions
                  reportId={report.id}
                  kind={report.kind}
                  hideable={['entry', 'comment', 'pin'].includes(report.targetType)}
                />
              ),
          },
        ]}
      />
      <NextPageLink
        filters={{ status: loaderData.status, kind: loaderData.kind, type: loaderData.type }}
        pointer={loaderData.pointer}
      />
    </AdminPanel>
  );
}
