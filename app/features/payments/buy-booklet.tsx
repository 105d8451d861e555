import { formatYuan } from '@core/pricing.ts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { Button } from '~/ui/button.tsx';
import { TitledDialog } from '~/ui/titled-dialog.tsx';
import { ExternalLink } from '~/ui/icons.tsx';

/** How often the open QR dialog asks whether the order is paid. */
export const PAYMENT_POLL_MS = 2000;

interface OrderView {
  orderId: string | null;
  status: 'none' | 'pending' | 'paid' | 'closed';
  bought: boolean;
  amount: number;
  provider: 'wxpay' | 'sandbox' | 'free' | null;
  codeUrl: string | null;
  qrcode: string | null;
}

interface DiscountQuote {
  code: string;
  percentOff: number;
  price: number;
  amount: number;
}

export interface BuyBookletProps {
  bookletId: string;
  title: string;
  /** List price in fen. */
  price: number;
  /** The viewer owns it already: a quiet label instead of the button. */
  bought?: boolean;
  /** Called once the purchase went through (the page's data is revalidated in any case). */
  onBought?: () => void;
  className?: string;
  /** The button's text; defaults to 购买 ¥price. */
  label?: string;
}

const inputClass =
  'h-9 w-full rounded border border-line bg-card px-3 text-sm outline-none focus:border-brand focus-visible:outline-2 focus-visible:outline-brand';

/**
 * The purchase button of a booklet (/book/{id} and a paid section's prompt): a dialog with an
 * optional discount code, then the QR of the order (WeChat Pay or the sandbox), polled until paid.
 */
export function BuyBooklet({ bookletId, title, price, bought = false, onBought, className, label }: BuyBookletProps) {
  const [open, setOpen] = useState(false);
  const requireLogin = useRequireLogin();
  if (bought) {
    return (
      <span
        className={`inline-flex h-9 items-center text-fg-2 text-sm ${className ?? ''}`}
        data-testid="booklet-bought"
      >
        已购买
      </span>
    );
  }
  return (
    <>
      <Button
        size="md"
        className={className}
        onClick={() => {
          try {
            requireLogin();
          } catch {
            return;
          }
          setOpen(true);
        }}
      >
        {label ?? `购买 ¥${formatYuan(price)}`}
      </Button>
      {open && (
        <BuyDialog
          bookletId={bookletId}
          title={title}
          price={price}
          onClose={() => setOpen(false)}
          onBought={() => {
            setOpen(false);
            onBought?.();
          }}
        />
      )}
    </>
  );
}

function BuyDialog({
  bookletId,
  title,
  price,
  onClose,
  onBought,
}: {
  bookletId: string;
  title: string;
  price: number;
  onClose: () => void;
  onBought: () => void;
}) {
  const alerts = useAlerts();
  const revalidator = useRevalidator();
  const codeId = useId();
  const [code, setCode] = useState('');
  const [quote, setQuote] = useState<DiscountQuote | null>(null);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [working, setWorking] = useState(false);
  const done = useRef(false);
  const amount = quote ? quote.amount : price;

  function finish() {
    if (done.current) return;
    done.current = true;
    alerts.push({ type: 'success', message: '购买成功，开始阅读吧' });
    revalidator.revalidate();
    onBought();
  }

  const finishRef = useRef(finish);
  finishRef.current = finish;
  const pendingOrderId = order?.status === 'pending' ? order.orderId : null;

  // While a QR is shown, ask every PAYMENT_POLL_MS whether it was paid.
  useEffect(() => {
    if (!pendingOrderId) return;
    const controller = new AbortController();
    const timer = window.setInterval(async () => {
      try {
        const state = await apiFetch<OrderView>(`/api/order/check?metaId=${bookletId}`, {
          signal: controller.signal,
        });
        if (state.bought) finishRef.current();
        else if (state.status === 'closed' && state.orderId === pendingOrderId) setOrder(null);
      } catch {
        // A missed poll is retried on the next tick.
      }
    }, PAYMENT_POLL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [bookletId, pendingOrderId]);

  async function applyCode(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      alerts.push({ type: 'error', message: '请输入优惠码' });
      return;
    }
    setWorking(true);
    try {
      const result = await apiFetch<DiscountQuote>(
        `/api/discount/check?metaId=${bookletId}&code=${encodeURIComponent(trimmed)}`,
      );
      setQuote(result);
      setOrder(null);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(false);
    }
  }

  async function pay() {
    setWorking(true);
    try {
      if (amount === 0) {
        await apiFetch<OrderView>('/api/order/freeDiscount', { json: { id: bookletId, code: quote?.code } });
        finish();
        return;
      }
      const placed = await apiFetch<OrderView>('/api/order/buy', {
        json: { id: bookletId, code: quote?.code, type: 'wxpay' },
      });
      if (placed.bought) finish();
      else setOrder(placed);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(false);
    }
  }

  return (
    <TitledDialog title="购买小册" widthClass="w-[380px]" onClose={onClose}>
      <div className="space-y-4 px-5 py-4">
        <p className="font-medium text-fg">《{title}》</p>
        <p className="text-fg-2 text-sm">
          {quote ? (
            <>
              原价 <span className="line-through">¥{formatYuan(price)}</span>，使用优惠码 {quote.code} 后{' '}
              <strong className="text-brand" data-testid="pay-amount">
                ¥{formatYuan(quote.amount)}
              </strong>
            </>
          ) : (
            <>
              价格{' '}
              <strong className="text-brand" data-testid="pay-amount">
                ¥{formatYuan(price)}
              </strong>
            </>
          )}
        </p>
        {order?.status === 'pending' && order.qrcode ? (
          <div className="flex flex-col items-center gap-3" data-testid="pay-qrcode">
            <img src={order.qrcode} alt="微信支付二维码" width={200} height={200} className="size-[200px]" />
            <p className="text-fg-2 text-sm">
              请使用微信扫码支付 <strong className="text-brand">¥{formatYuan(order.amount)}</strong>
            </p>
            <p className="text-fg-3 text-xs" aria-live="polite">
              支付完成后本页自动刷新
            </p>
            {order.provider === 'sandbox' && order.codeUrl && (
              <a
                href={order.codeUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-brand text-sm hover:underline"
              >
                沙箱支付：打开支付确认页
                <ExternalLink aria-hidden size={14} strokeWidth={1.75} />
              </a>
            )}
          </div>
        ) : (
          <>
            <form onSubmit={applyCode} noValidate className="flex gap-2">
              <label htmlFor={codeId} className="sr-only">
                优惠码
              </label>
              <input
                id={codeId}
                value={code}
                maxLength={32}
                onChange={(event) => setCode(event.target.value)}
                placeholder="有优惠码？"
                className={inputClass}
              />
              <Button type="submit" variant="secondary" size="md" disabled={working} className="shrink-0">
                使用
              </Button>
            </form>
            <Button size="md" className="w-full" disabled={working} onClick={pay}>
              {amount === 0 ? '免费领取' : `微信支付 ¥${formatYuan(amount)}`}
            </Button>
          </>
        )}
      </div>
    </TitledDialog>
  );
}
