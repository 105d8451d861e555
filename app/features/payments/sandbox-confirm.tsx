import { formatYuan } from '@core/pricing.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { Button, buttonClass } from '~/ui/button.tsx';
import { CircleCheck, CircleX } from '~/ui/icons.tsx';

export interface SandboxOrder {
  orderId: string;
  bookletId: string;
  bookletTitle: string;
  amount: number;
  status: 'pending' | 'paid' | 'closed';
}

/**
 * The sandbox's "phone" page that the order's QR opens: confirming pays the order the way a
 * WeChat payment would (the sandbox sends the signed callback; the buyer's dialog sees it by polling).
 */
export function SandboxConfirm({ order: initial, sig }: { order: SandboxOrder; sig: string }) {
  const alerts = useAlerts();
  const [order, setOrder] = useState(initial);
  const [working, setWorking] = useState(false);

  async function confirm() {
    setWorking(true);
    try {
      setOrder(await apiFetch<SandboxOrder>('/api/order/sandbox/pay', { json: { orderId: order.orderId, sig } }));
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(false);
    }
  }

  return (
    <section className="mx-auto mt-6 flex w-full max-w-[400px] flex-col items-center rounded-lg bg-card p-8 text-center sm:mt-10">
      <p className="rounded bg-brand-tint px-2 py-0.5 text-brand text-xs">沙箱支付 · 不会产生真实扣款</p>
      {order.status === 'paid' ? (
        <>
          <CircleCheck aria-hidden size={40} strokeWidth={1.75} className="mt-4 text-success" />
          <h1 className="mt-3 font-semibold text-fg text-lg">支付成功</h1>
          <p className="mt-2 text-fg-2">《{order.bookletTitle}》已购买，回到原页面即可阅读。</p>
          <Link to={`/book/${order.bookletId}`} className={buttonClass('secondary', 'md', 'mt-6')}>
            查看小册
          </Link>
        </>
      ) : order.status === 'closed' ? (
        <>
          <CircleX aria-hidden size={40} strokeWidth={1.75} className="mt-4 text-danger" />
          <h1 className="mt-3 font-semibold text-fg text-lg">订单已关闭</h1>
          <p className="mt-2 text-fg-2">请回到原页面重新下单。</p>
        </>
      ) : (
        <>
          <h1 className="mt-4 font-semibold text-fg text-lg">确认支付</h1>
          <p className="mt-2 text-fg-2">《{order.bookletTitle}》</p>
          <p className="mt-4 font-semibold text-3xl text-fg" data-testid="sandbox-amount">
            ¥{formatYuan(order.amount)}
          </p>
          <Button size="md" className="mt-6 w-full" disabled={working} onClick={confirm}>
            {working ? '支付中...' : '确认支付'}
          </Button>
        </>
      )}
    </section>
  );
}
