import { formatYuan } from '@core/pricing.ts';
import type { WithdrawalView } from '@server/modules/wallet/wallet.service.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApiAction } from '~/lib/use-api-action.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { Button, buttonClass } from '~/ui/button.tsx';
import { AdminTable } from '~/ui/admin-table.tsx';
import { LocalTime } from './wallet-view.tsx';

/** An application as the queue shows it: the service's WithdrawalView and who asked. */
export type ReviewedWithdrawal = Omit<WithdrawalView, 'updatedAt'> & { user: { id: string; username: string } };

const STATUS_TABS = [
  { status: 'pending', label: '待审核' },
  { status: 'paid', label: '已通过' },
  { status: 'rejected', label: '已驳回' },
] as const;

/** The console's withdrawal queue: approve (paid out) or reject (refunded) each pending application. */
export function WithdrawalReview({
  status,
  applications,
  page,
  hasMore,
}: {
  status: ReviewedWithdrawal['status'];
  applications: ReviewedWithdrawal[];
  /** One-based. */
  page: number;
  hasMore: boolean;
}) {
  const { busy, run } = useApiAction();
  /** The application being settled: only its buttons wait. */
  const [settling, setSettling] = useState<string | null>(null);
  const working = busy ? settling : null;

  async function settle(application: ReviewedWithdrawal, approve: boolean) {
    let note = '';
    if (!approve) {
      const reason = window.prompt('驳回原因（会告知申请人）', '');
      if (reason === null) return;
      note = reason.trim().slice(0, 100);
    }
    setSettling(application.id);
    await run(
      () =>
        apiFetch(`/api/wallet/admin/${approve ? 'approve' : 'reject'}`, {
          json: { id: application.id, note: note || undefined },
        }),
      { success: approve ? '已通过，请按申请信息打款' : '已驳回，金额已退回余额' },
    );
  }

  return (
    <div className="space-y-4">
      <nav aria-label="提现状态" className="flex gap-2">
        {STATUS_TABS.map((tab) => (
          <Link
            key={tab.status}
            to={`?status=${tab.status}`}
            aria-current={tab.status === status ? 'page' : undefined}
            className={buttonClass(tab.status === status ? 'primary' : 'secondary', 'sm')}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <AdminTable
        label="提现申请"
        rows={applications}
        rowKey={(a) => a.id}
        empty="没有提现申请"
        columns={[
          { header: '申请时间', className: 'text-fg-2', cell: (a) => <LocalTime value={a.createdAt} /> },
          {
            header: '申请人',
            cell: (a) => (
              <Link to={`/user/${a.user.id}`} className="hover:text-brand">
                {a.user.username}
              </Link>
            ),
          },
          { header: '金额（元）', className: 'tabular-nums', cell: (a) => formatYuan(a.volume) },
          { header: '支付宝账号', cell: (a) => a.alipayAccount },
          { header: '真实姓名', cell: (a) => a.name },
          {
            header: status === 'pending' ? '操作' : '备注',
            cell: (a) =>
              status === 'pending' ? (
                <span className="flex gap-2">
                  <Button disabled={working === a.id} onClick={() => settle(a, true)}>
                    通过
                  </Button>
                  <Button variant="secondary" disabled={working === a.id} onClick={() => settle(a, false)}>
                    驳回
                  </Button>
                </span>
              ) : (
                <span className="text-fg-2">{a.note || '—'}</span>
              ),
          },
        ]}
      />
      {(page > 1 || hasMore) && (
        <nav aria-label="分页" className="flex justify-between">
          {page > 1 ? (
            <Link to={`?status=${status}&page=${page - 1}`} className={buttonClass('secondary', 'sm')}>
              上一页
            </Link>
          ) : (
            <span />
          )}
          {hasMore && (
            <Link to={`?status=${status}&page=${page + 1}`} className={buttonClass('secondary', 'sm')}>
              下一页
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
