import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
import { walletBills, withdrawalApplications } from '@db/schema/commerce.ts';
import { users } from '@db/schema/users.ts';

export async function selectWalletOwner(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ hasWallet: users.hasWallet, balance: users.walletBalance })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Fen waiting in pending applications (already taken off the balance). */
export async function selectPendingVolume(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${withdrawalApplications.volume}), 0)::int` })
    .from(withdrawalApplications)
    .where(and(eq(withdrawalApplications.userId, userId), eq(withdrawalApplications.status, 'pending')));
  return row?.total ?? 0;
}

export const billColumns = {
  id: walletBills.id,
  amount: walletBills.amount,
  kind: walletBills.kind,
  description: walletBills.description,
  withdrawalId: walletBills.withdrawalId,
  createTime: walletBills.createTime,
  updateTime: walletBills.updateTime,
};

/** One page of bills, newest first (wallet_bills_user_created_idx); one extra row tells whether more follow. */
export async function selectBillPage(db: Db, userId: string, page: number, size: number) {
  return db
    .select(billColumns)
    .from(walletBills)
    .where(eq(walletBills.userId, userId))
    .orderBy(desc(walletBills.createTime), desc(walletBills.id))
    .limit(size + 1)
    .offset(page * size);
}

/** Takes `volume` off the balance if it is there: the one guard against overdrawing. New balance, or null. */
export async function debitBalance(tx: Tx, userId: string, volume: number): Promise<number | null> {
  const rows = await tx
    .update(users)
    .set({ walletBalance: sql`${users.walletBalance} - ${volume}` })
    .where(and(eq(users.id, userId), sql`${users.walletBalance} >= ${volume}`))
    .returning({ balance: users.walletBalance });
  return rows[0]?.balance ?? null;
}

export async function creditBalance(tx: Tx, userId: string, volume: number) {
  await tx
    .update(users)
    .set({ walletBalance: sql`${users.walletBalance} + ${volume}` })
    .where(eq(users.id, userId));
}

export async function insertApplication(tx: Tx, values: typeof withdrawalApplications.$inferInsert) {
  await tx.insert(withdrawalApplications).values(values);
}

export async function insertBill(tx: Tx, values: typeof walletBills.$inferInsert) {
  await tx.insert(walletBills).values(values);
}

export const applicationColumns = {
  id: withdrawalApplications.id,
  userId: withdrawalApplications.userId,
  volume: withdrawalApplications.volume,
  alipayAccount: withdrawalApplications.alipayAccount,
  name: withdrawalApplications.name,
  status: withdrawalApplications.status,
  note: withdrawalApplications.note,
  createdAt: withdrawalApplications.createdAt,
  updatedAt: withdrawalApplications.updatedAt,
};

export async function selectApplication(tx: Tx, id: string, options: { lock?: boolean } = {}) {
  const query = tx.select(applicationColumns).from(withdrawalApplications).where(eq(withdrawalApplications.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function settleApplication(tx: Tx, id: string, status: 'paid' | 'rejected', note: string) {
  await tx
    .update(withdrawalApplications)
    .set({ status, note, updatedAt: sql`now()` })
    .where(eq(withdrawalApplications.id, id));
}

export async function describeWithdrawalBill(tx: Tx, withdrawalId: string, description: string) {
  await tx
    .update(walletBills)
    .set({ description, updateTime: sql`now()` })
    .where(and(eq(walletBills.withdrawalId, withdrawalId), eq(walletBills.kind, 'withdrawal')));
}

/** Applications by state for the administrators, oldest pending first / newest settled first. */
export async function selectApplicationPage(
  db: Db,
  status: 'pending' | 'paid' | 'rejected',
  page: number,
  size: number,
) {
  const order =
    status === 'pending'
      ? [withdrawalApplications.createdAt, withdrawalApplications.id]
      : [desc(withdrawalApplications.createdAt), desc(withdrawalApplications.id)];
  return db
    .select(applicationColumns)
    .from(withdrawalApplications)
    .where(eq(withdrawalApplications.status, status))
    .orderBy(...order)
    .limit(size + 1)
    .offset(page * size);
}

/** The reader's own applications, newest first. */
export async function selectOwnApplications(db: Db, userId: string, limit: number) {
  return db
    .select(applicationColumns)
    .from(withdrawalApplications)
    .where(eq(withdrawalApplications.userId, userId))
    .orderBy(desc(withdrawalApplications.createdAt), desc(withdrawalApplications.id))
    .limit(limit);
}
