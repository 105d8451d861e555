import { formatYuan } from '@core/pricing.ts';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { Button, buttonClass } from '~/ui/button.tsx';
import { EmptyState } from '~/ui/empty-state.tsx';
import { LocalTime } from './wallet-view.tsx';

export interface ReviewedWithdrawal {
  id: string;
  volume: number;
  alipayAccount: string;
  name: string;
  status: 'pending' | 'paid' | 'rejected';
  note: string;
  createdAt: string;
  user: { id: string; username: string };
}

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
  const alerts = useAlerts();
  const revalidator = useRevalidator();
  const [working, setWorking] = useState<string | null>(null);

  async function settle(application: ReviewedWithdrawal, approve: boolean) {
    let note = '';
    if (!approve) {
      const reason = window.prompt('驳回原因（会告知申请人）', '');
      if (reason === null) return;
      note = reason.trim().slice(0, 100);
    }
    setWorking(application.id);
    try {
      await apiFetch(`/api/wallet/admin/${approve ? 'approve' : 'reject'}`, {
        json: { id: application.id, note: note || undefined },
      });
      alerts.push({ type: 'success', message: approve ? '已通过，请按申请信息打款' : '已驳回，金额已退回余额' });
      revalidator.revalidate();
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(null);
    }
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
      {applications.length === 0 ? (
        <EmptyState text="没有提现申请" />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-fg-3">
              <tr>
                <th className="py-2 pr-3 font-normal">申请时间</th>
                <th className="py-2 pr-3 font-normal">申请人</th>
                <th className="py-2 pr-3 font-normal">金额（元）</th>
                <th className="py-2 pr-3 font-normal">支付宝账号</th>
                <th className="py-2 pr-3 font-normal">真实姓名</th>
                <th className="py-2 font-normal">{status === 'pending' ? '操作' : '备注'}</th>
              </tr>
            </thead>
            <tbody>
              {applications.map((a) => (
                <tr key={a.id} className="border-line border-t">
                  <td className="py-2 pr-3 text-fg-2">
                    <LocalTime value={a.createdAt} />
                  </td>
                  <td className="py-2 pr-3">
                    <Link to={`/user/${a.user.id}`} className="hover:text-brand">
                      {a.user.username}
                    </Link>
                  </td>
                  <td className="py-2 pr-3 tabular-nums">{formatYuan(a.volume)}</td>
                  <td className="py-2 pr-3">{a.alipayAccount}</td>
                  <td className="py-2 pr-3">{a.name}</td>
                  <td className="py-2">
                    {status === 'pending' ? (
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
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
