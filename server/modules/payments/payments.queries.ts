import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
import { bookletPurchases, booklets, discountCodes, paymentOrders, walletBills } from '@db/schema/commerce.ts';
import { users } from '@db/schema/users.ts';

export const orderColumns = {
  id: paymentOrders.id,
  userId: paymentOrders.userId,
  bookletId: paymentOrders.bookletId,
  amount: paymentOrders.amount,
  channel: paymentOrders.channel,
  discountCode: paymentOrders.discountCode,
  status: paymentOrders.status,
  providerRef: paymentOrders.providerRef,
  codeUrl: paymentOrders.codeUrl,
  paidAt: paymentOrders.paidAt,
  createdAt: paymentOrders.createdAt,
};

export type OrderRow = Awaited<ReturnType<typeof selectOrder>>;

export async function selectBookletForSale(db: Db | Tx, id: string) {
  const [row] = await db
    .select({
      id: booklets.id,
      userId: booklets.userId,
      title: booklets.title,
      price: booklets.price,
      isDraft: booklets.isDraft,
    })
    .from(booklets)
    .where(eq(booklets.id, id));
  return row;
}

export async function selectPurchase(db: Db | Tx, userId: string, bookletId: string) {
  const [row] = await db
    .select({ id: bookletPurchases.id, orderId: bookletPurchases.orderId, pricePaid: bookletPurchases.pricePaid })
    .from(bookletPurchases)
    .where(and(eq(bookletPurchases.userId, userId), eq(bookletPurchases.bookletId, bookletId)));
  return row;
}

export async function selectDiscountCode(db: Db | Tx, code: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(discountCodes).where(eq(discountCodes.code, code));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Takes one use of a code; false when none is left (the row is locked by the update). */
export async function consumeDiscountCode(tx: Tx, code: string, options: { enforceLimit: boolean }) {
  const rows = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      options.enforceLimit
        ? and(eq(discountCodes.code, code), sql`${discountCodes.usedCount} < ${discountCodes.maxUses}`)
        : eq(discountCodes.code, code),
    )
    .returning({ code: discountCodes.code });
  return rows.length > 0;
}

export async function selectOrder(db: Db | Tx, id: string, options: { lock?: boolean } = {}) {
  const query = db.select(orderColumns).from(paymentOrders).where(eq(paymentOrders.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The reader's open order for a booklet (at most one: payment_orders_pending_uq). */
export async function selectPendingOrder(
  db: Db | Tx,
  userId: string,
  bookletId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select(orderColumns)
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.bookletId, bookletId),
        eq(paymentOrders.status, 'pending'),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The reader's latest order for a booklet, whatever its state. */
export async function selectLatestOrder(db: Db | Tx, userId: string, bookletId: string) {
  const [row] = await db
    .select(orderColumns)
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.bookletId, bookletId)))
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(1);
  return row;
}

/**
 * Opens a pending order unless the reader already has one for this booklet: parallel clicks
 * meet at payment_orders_pending_uq, and all but one insert nothing.
 */
export async function insertPendingOrder(tx: Tx, values: typeof paymentOrders.$inferInsert) {
  const rows = await tx
    .insert(paymentOrders)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing({
      target: [paymentOrders.userId, paymentOrders.bookletId],
      where: sql`status = 'pending'`,
    })
    .returning({ id: paymentOrders.id });
  return rows.length > 0;
}

export async function insertPaidOrder(tx: Tx, values: typeof paymentOrders.$inferInsert) {
  await tx.insert(paymentOrders).values({ ...values, status: 'paid', paidAt: sql`now()` });
}

export async function closeOrder(tx: Tx, id: string) {
  await tx
    .update(paymentOrders)
    .set({ status: 'closed' })
    .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, 'pending')));
}

export async function setOrderCodeUrl(db: Db, id: string, codeUrl: string) {
  await db
    .update(paymentOrders)
    .set({ codeUrl })
    .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, 'pending')));
}

/** Marks an order paid once: true only for the call that moved it. */
export async function markOrderPaid(tx: Tx, id: string, providerRef: string) {
  const rows = await tx
    .update(paymentOrders)
    .set({ status: 'paid', providerRef, paidAt: sql`now()` })
    .where(and(eq(paymentOrders.id, id), sql`${paymentOrders.status} <> 'paid'`))
    .returning({ id: paymentOrders.id });
  return rows.length > 0;
}

/**
 * Grants a booklet: the purchase row (once per reader and booklet) and the two counters it moves.
 * False when the reader already owned it.
 */
export async function insertPurchase(
  tx: Tx,
  values: { id: string; bookletId: string; userId: string; orderId: string; pricePaid: number },
) {
  const rows = await tx
    .insert(bookletPurchases)
    .values(values)
    .onConflictDoNothing({ target: [bookletPurchases.userId, bookletPurchases.bookletId] })
    .returning({ id: bookletPurchases.id });
  if (rows.length === 0) return false;
  await tx
    .update(booklets)
    .set({ buyCount: sql`${booklets.buyCount} + 1` })
    .where(eq(booklets.id, values.bookletId));
  await tx
    .update(users)
    .set({ boughtBookCount: sql`${users.boughtBookCount} + 1` })
    .where(eq(users.id, values.userId));
  return true;
}

/** An author's earning: the bill row, the balance and the wallet flag move together. */
export async function insertIncome(
  tx: Tx,
  values: { id: string; userId: string; amount: number; description: string },
): Promise<{ walletOpened: boolean }> {
  await tx.insert(walletBills).values({ ...values, kind: 'booklet_income' });
  const [before] = await tx
    .select({ hasWallet: users.hasWallet })
    .from(users)
    .where(eq(users.id, values.userId))
    .for('update');
  await tx
    .update(users)
    .set({ walletBalance: sql`${users.walletBalance} + ${values.amount}`, hasWallet: true })
    .where(eq(users.id, values.userId));
  return { walletOpened: before ? !before.hasWallet : false };
}
