import type { Ctx } from '../../http/context.ts';
import { newId } from '@core/ids.ts';
import { formatYuan, WALLET_MESSAGES, WITHDRAWAL_MAX_FEN, WITHDRAWAL_MIN_FEN } from '@core/pricing.ts';
import type { Db } from '@db/client.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { requireViewer, type Viewer } from '../auth/auth.policy.ts';
import { audit } from '../audit/audit.service.ts';
import { getUserBriefs, PLACEHOLDER_USER, type UserBrief } from '../users/users.service.ts';
import * as queries from './wallet.queries.ts';
import { canSettleWithdrawals, canUseWallet } from './wallet.policy.ts';

/** SPEC §9: 20 a page. */
export const BILL_PAGE_SIZE = 20;
export const WITHDRAWAL_PAGE_SIZE = 20;

export interface BillView {
  id: string;
  /** Fen: income positive, withdrawals negative. */
  amount: number;
  kind: 'booklet_income' | 'withdrawal' | 'refund';
  description: string;
  create_time: string;
  update_time: string;
}

export interface WithdrawalView {
  id: string;
  volume: number;
  alipayAccount: string;
  name: string;
  status: 'pending' | 'paid' | 'rejected';
  note: string;
  createdAt: string;
  updatedAt: string;
}

async function requireWallet(db: Db, viewer: Viewer | null) {
  const signedIn = requireViewer(viewer);
  const owner = await queries.selectWalletOwner(db, signedIn.id);
  if (!canUseWallet(signedIn, owner)) throw forbidden(WALLET_MESSAGES.noAccess);
  return { viewer: signedIn, balance: owner?.balance ?? 0 };
}

/** /haveWalletAccessRight: whether the wallet (and the menu's 我的钱包) is theirs to use. */
export async function haveWalletAccess(ctx: Pick<Ctx, 'db' | 'viewer'>) {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  const owner = await queries.selectWalletOwner(db, signedIn.id);
  return { access: canUseWallet(signedIn, owner) };
}

/** /getAmount: the balance, and what is waiting in pending withdrawals (already taken off it). */
export async function getAmount(ctx: Pick<Ctx, 'db' | 'viewer'>) {
  const { db, viewer } = ctx;
  const { viewer: owner, balance } = await requireWallet(db, viewer);
  return { amount: balance, pending: await queries.selectPendingVolume(db, owner.id) };
}

/** /getBill with page (zero-based): the bill rows, newest first. */
export async function getBills(ctx: Pick<Ctx, 'db' | 'viewer'>, page: number) {
  const { db, viewer } = ctx;
  const { viewer: owner } = await requireWallet(db, viewer);
  const rows = await queries.selectBillPage(db, owner.id, page, BILL_PAGE_SIZE);
  return {
    bills: rows.slice(0, BILL_PAGE_SIZE).map(
      (row): BillView => ({
        id: row.id,
        amount: row.amount,
        kind: row.kind,
        description: row.description,
        create_time: row.createTime.toISOString(),
        update_time: row.updateTime.toISOString(),
      }),
    ),
    page,
    hasMore: rows.length > BILL_PAGE_SIZE,
  };
}

/** /checkApplyRules: what an application may ask for now, and why not when it may not. */
export async function checkApplyRules(ctx: Pick<Ctx, 'db' | 'viewer'>) {
  const { db, viewer } = ctx;
  const { balance } = await requireWallet(db, viewer);
  const canApply = balance >= WITHDRAWAL_MIN_FEN;
  return {
    canApply,
    reason: canApply ? null : `余额满 ${formatYuan(WITHDRAWAL_MIN_FEN)} 元才能提现`,
    balance,
    minVolume: WITHDRAWAL_MIN_FEN,
    maxVolume: Math.min(WITHDRAWAL_MAX_FEN, balance),
  };
}

function withdrawalView(row: Awaited<ReturnType<typeof queries.selectApplication>> & {}): WithdrawalView {
  return {
    id: row.id,
    volume: row.volume,
    alipayAccount: row.alipayAccount,
    name: row.name,
    status: row.status,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * /apply (volume in fen, alipayAccount, name): the volume leaves the balance at once, with one
 * conditional update, so parallel applications can never overdraw; the pending application and
 * its negative bill are written in the same transaction.
 */
export async function applyWithdrawal(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { volume: number; alipayAccount: string; name: string },
) {
  const { db, viewer } = ctx;
  const { viewer: owner } = await requireWallet(db, viewer);
  const alipayAccount = input.alipayAccount.trim();
  const name = input.name.trim();
  if (!alipayAccount) throw badRequest(WALLET_MESSAGES.accountRequired);
  if (!name) throw badRequest(WALLET_MESSAGES.nameRequired);
  const id = newId();
  const balance = await db.transaction(async (tx) => {
    const left = await queries.debitBalance(tx, owner.id, input.volume);
    if (left === null) throw badRequest(WALLET_MESSAGES.insufficient);
    await queries.insertApplication(tx, { id, userId: owner.id, volume: input.volume, alipayAccount, name });
    await queries.insertBill(tx, {
      id: newId(),
      userId: owner.id,
      amount: -input.volume,
      kind: 'withdrawal',
      withdrawalId: id,
      description: '提现到支付宝（审核中）',
    });
    return left;
  });
  return { id, volume: input.volume, status: 'pending' as const, balance };
}

/** The viewer's latest applications (the wallet page shows their state). */
export async function listOwnWithdrawals(ctx: Pick<Ctx, 'db' | 'viewer'>) {
  const { db, viewer } = ctx;
  const { viewer: owner } = await requireWallet(db, viewer);
  const rows = await queries.selectOwnApplications(db, owner.id, 5);
  return { applications: rows.map(withdrawalView) };
}

function requireSettler(viewer: Viewer | null) {
  const signedIn = requireViewer(viewer);
  if (!canSettleWithdrawals(signedIn)) throw forbidden();
  return signedIn;
}

/** Administrators: applications by state, with who asked. */
export async function listWithdrawals(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { status: 'pending' | 'paid' | 'rejected'; page: number },
) {
  const { db, viewer } = ctx;
  requireSettler(viewer);
  const rows = await queries.selectApplicationPage(db, input.status, input.page, WITHDRAWAL_PAGE_SIZE);
  const page = rows.slice(0, WITHDRAWAL_PAGE_SIZE);
  const briefs = await getUserBriefs({ db }, [...new Set(page.map((r) => r.userId))]);
  const byId = new Map(briefs.map((u) => [u.id, u]));
  return {
    applications: page.map((row) => ({
      ...withdrawalView(row),
      user: (byId.get(row.userId) ?? PLACEHOLDER_USER) as UserBrief,
    })),
    page: input.page,
    hasMore: rows.length > WITHDRAWAL_PAGE_SIZE,
  };
}

/**
 * An administrator settles a pending application: approved, its bill says paid; rejected, a
 * refund bill puts the volume back on the balance. A settled one cannot be settled again.
 */
export async function settleWithdrawal(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { id: string; approve: boolean; note?: string },
) {
  const { db, viewer } = ctx;
  const settler = requireSettler(viewer);
  const note = input.note?.trim() ?? '';
  return db.transaction(async (tx) => {
    const application = await queries.selectApplication(tx, input.id, { lock: true });
    if (!application) throw notFound(WALLET_MESSAGES.withdrawalNotFound);
    if (application.status !== 'pending') throw badRequest(WALLET_MESSAGES.withdrawalDone);
    if (input.approve) {
      await queries.settleApplication(tx, application.id, 'paid', note);
      await queries.describeWithdrawalBill(tx, application.id, '提现到支付宝（已到账）');
    } else {
      await queries.settleApplication(tx, application.id, 'rejected', note);
      await queries.describeWithdrawalBill(tx, application.id, '提现到支付宝（已驳回）');
      await queries.creditBalance(tx, application.userId, application.volume);
      await queries.insertBill(tx, {
        id: newId(),
        userId: application.userId,
        amount: application.volume,
        kind: 'refund',
        withdrawalId: application.id,
        description: note ? `提现被驳回，退回余额：${note}` : '提现被驳回，退回余额',
      });
    }
    await audit(
      { db: tx },
      {
        actor: settler,
        action: input.approve ? 'withdrawal_approve' : 'withdrawal_reject',
        targetType: 'withdrawal',
        targetId: application.id,
        reason: note,
        detail: { userId: application.userId, volume: application.volume },
      },
    );
    const settled = await queries.selectApplication(tx, application.id);
    return withdrawalView(settled ?? application);
  });
}
