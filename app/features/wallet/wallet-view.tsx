import { formatDateTime } from '@core/format.ts';
import { formatYuan, parseYuan, WALLET_MESSAGES } from '@core/pricing.ts';
import { type FormEvent, useId, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { Button, buttonClass } from '~/ui/button.tsx';
import { TitledDialog } from '~/ui/titled-dialog.tsx';
import { EmptyState } from '~/ui/empty-state.tsx';
import { type ApplyRules, applyForWithdrawal } from './wallet-client.ts';

export interface WalletBill {
  id: string;
  amount: number;
  kind: 'booklet_income' | 'withdrawal' | 'refund';
  description: string;
  create_time: string;
}

export interface WalletWithdrawal {
  id: string;
  volume: number;
  status: 'pending' | 'paid' | 'rejected';
  note: string;
  createdAt: string;
}

export interface WalletViewProps {
  amount: number;
  pending: number;
  rules: ApplyRules;
  bills: WalletBill[];
  /** One-based, as in the URL. */
  page: number;
  hasMore: boolean;
  withdrawals: WalletWithdrawal[];
}

const STATUS_TEXT: Record<WalletWithdrawal['status'], string> = {
  pending: '审核中',
  paid: '已到账',
  rejected: '已驳回',
};

/** The reader's local time; the server renders UTC, hence no hydration warning. */
export function LocalTime({ value }: { value: string }) {
  return (
    <time dateTime={value} suppressHydrationWarning>
      {formatDateTime(value)}
    </time>
  );
}

const inputClass =
  'h-9 w-full rounded border border-line bg-page px-3 text-sm text-fg placeholder:text-fg-3 focus:border-brand';

/** /user/wallet: balance, withdrawal, the latest applications and the bills (SPEC §2.2, §7.7). */
export function WalletView({ amount, pending, rules, bills, page, hasMore, withdrawals }: WalletViewProps) {
  const [applying, setApplying] = useState(false);
  return (
    <div className="space-y-5">
      <section aria-labelledby="wallet-balance" className="rounded-lg bg-card p-6">
        <h1 id="wallet-balance" className="text-fg-2 text-sm">
          钱包余额（元）
        </h1>
        <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
          <p className="font-semibold text-4xl text-fg tabular-nums" data-testid="wallet-amount">
            {formatYuan(amount)}
          </p>
          <Button size="md" disabled={!rules.canApply} onClick={() => setApplying(true)}>
            申请提现
          </Button>
        </div>
        <p className="mt-3 text-fg-3 text-sm">
          {pending > 0 && <>提现审核中 ¥{formatYuan(pending)} · </>}
          {rules.canApply ? `单笔 ${formatYuan(rules.minVolume)} 元起，提现到支付宝，管理员审核后到账` : rules.reason}
        </p>
      </section>

      {withdrawals.length > 0 && (
        <section aria-labelledby="wallet-withdrawals" className="rounded-lg bg-card">
          <h2 id="wallet-withdrawals" className="border-line border-b px-5 py-3 font-semibold text-base">
            提现记录
          </h2>
          <ul>
            {withdrawals.map((w) => (
              <li key={w.id} className="flex items-center justify-between border-line border-b px-5 py-3 last:border-0">
                <span className="text-fg-2 text-sm">
                  <LocalTime value={w.createdAt} /> · 提现 ¥{formatYuan(w.volume)}
                  {w.note && <span className="text-fg-3"> · {w.note}</span>}
                </span>
                <span
                  className={`text-sm ${w.status === 'rejected' ? 'text-danger' : w.status === 'paid' ? 'text-success' : 'text-brand'}`}
                >
                  {STATUS_TEXT[w.status]}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="wallet-bills" className="rounded-lg bg-card">
        <h2 id="wallet-bills" className="border-line border-b px-5 py-3 font-semibold text-base">
          账单明细
        </h2>
        {bills.length === 0 ? (
          <EmptyState text="还没有账单，出售小册的收入会记在这里" />
        ) : (
          <ul>
            {bills.map((bill) => (
              <li
                key={bill.id}
                className="flex items-center justify-between gap-4 border-line border-b px-5 py-3 last:border-0"
              >
                <div className="min-w-0">
                  <p className="truncate text-fg">{bill.description}</p>
                  <p className="text-fg-3 text-xs">
                    <LocalTime value={bill.create_time} />
                  </p>
                </div>
                <span className={`shrink-0 font-medium tabular-nums ${bill.amount >= 0 ? 'text-success' : 'text-fg'}`}>
                  {bill.amount >= 0 ? '+' : ''}
                  {formatYuan(bill.amount)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {(page > 1 || hasMore) && (
          <nav aria-label="账单分页" className="flex justify-between border-line border-t px-5 py-3">
            {page > 1 ? (
              <Link to={`?page=${page - 1}`} className={buttonClass('secondary', 'sm')}>
                上一页
              </Link>
            ) : (
              <span />
            )}
            <span className="text-fg-3 text-sm">第 {page} 页</span>
            {hasMore ? (
              <Link to={`?page=${page + 1}`} className={buttonClass('secondary', 'sm')}>
                下一页
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </section>
      {applying && <WithdrawDialog rules={rules} onClose={() => setApplying(false)} />}
    </div>
  );
}

function WithdrawDialog({ rules, onClose }: { rules: ApplyRules; onClose: () => void }) {
  const alerts = useAlerts();
  const revalidator = useRevalidator();
  const ids = { volume: useId(), account: useId(), name: useId() };
  const [volume, setVolume] = useState('');
  const [account, setAccount] = useState('');
  const [name, setName] = useState('');
  const [working, setWorking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const fen = parseYuan(volume);
    const problem =
      fen === null
        ? WALLET_MESSAGES.volumeRequired
        : fen < rules.minVolume
          ? WALLET_MESSAGES.volumeMin
          : fen > rules.balance
            ? WALLET_MESSAGES.insufficient
            : !account.trim()
              ? WALLET_MESSAGES.accountRequired
              : !name.trim()
                ? WALLET_MESSAGES.nameRequired
                : null;
    if (problem || fen === null) {
      alerts.push({ type: 'error', message: problem ?? WALLET_MESSAGES.volumeRequired });
      return;
    }
    setWorking(true);
    try {
      await applyForWithdrawal({ volume: fen, alipayAccount: account.trim(), name: name.trim() });
      alerts.push({ type: 'success', message: '提现申请已提交，等待审核' });
      revalidator.revalidate();
      onClose();
    } catch (error) {
      if (error instanceof Error && !('s' in error)) alerts.push({ type: 'error', message: error.message });
      else alerts.pushError(error);
    } finally {
      setWorking(false);
    }
  }

  return (
    <TitledDialog title="申请提现" widthClass="w-[400px]" onClose={onClose}>
      <form noValidate onSubmit={submit} className="space-y-4 px-5 py-4">
        <p className="text-fg-2 text-sm">
          可提现 ¥{formatYuan(rules.maxVolume)}，单笔不少于 {formatYuan(rules.minVolume)} 元
        </p>
        <label htmlFor={ids.volume} className="block text-fg-2 text-sm">
          提现金额（元）
          <input
            id={ids.volume}
            inputMode="decimal"
            value={volume}
            onChange={(event) => setVolume(event.target.value)}
            placeholder={formatYuan(rules.maxVolume)}
            className={`${inputClass} mt-1`}
          />
        </label>
        <label htmlFor={ids.account} className="block text-fg-2 text-sm">
          支付宝账号
          <input
            id={ids.account}
            value={account}
            maxLength={64}
            onChange={(event) => setAccount(event.target.value)}
            placeholder="手机号或邮箱"
            className={`${inputClass} mt-1`}
          />
        </label>
        <label htmlFor={ids.name} className="block text-fg-2 text-sm">
          真实姓名
          <input
            id={ids.name}
            value={name}
            maxLength={32}
            onChange={(event) => setName(event.target.value)}
            placeholder="与支付宝实名一致"
            className={`${inputClass} mt-1`}
          />
        </label>
        <Button type="submit" size="md" className="w-full" disabled={working}>
          {working ? '提交中...' : '提交申请'}
        </Button>
      </form>
    </TitledDialog>
  );
}
