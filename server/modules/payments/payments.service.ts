import type { Ctx } from '../../http/context.ts';
import QRCode from 'qrcode';
import { newId } from '@core/ids.ts';
import { authorShare, discountedPrice, PAYMENT_MESSAGES } from '@core/pricing.ts';
import type { Db, Tx } from '@db/client.ts';
import type { Logger } from 'pino';
import {
  type HeaderLookup,
  type PaymentNotice,
  type PaymentProvider,
  PaymentProviderError,
  PaymentSignatureError,
  type SandboxProvider,
} from '../../adapters/payment.ts';
import { publishChange } from '../../adapters/changes.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { requireViewer } from '../auth/auth.policy.ts';
import * as queries from './payments.queries.ts';

/** What a payment use case needs beside the viewer. */
/** What the payment use cases need: the database, the payment provider (none when unset) and a logger. */
export type PaymentCtx = Pick<Ctx, 'db'> & {
  adapters: { payments: PaymentProvider | null };
  logger?: Pick<Logger, 'warn' | 'error'>;
};

export type OrderStatus = 'none' | 'pending' | 'paid' | 'closed';

export interface OrderView {
  orderId: string | null;
  bookletId: string;
  status: OrderStatus;
  /** The reader owns the booklet (bought, or got it free). */
  bought: boolean;
  /** The list price and what this order charges, in fen. */
  price: number;
  amount: number;
  discountCode: string | null;
  provider: 'wxpay' | 'sandbox' | 'free' | null;
  /** What the QR encodes, and the QR itself as an SVG data URL (pending orders only). */
  codeUrl: string | null;
  qrcode: string | null;
}

export interface DiscountQuote {
  code: string;
  percentOff: number;
  price: number;
  amount: number;
}

class AlreadyOwned extends Error {}

/** WeChat Pay's code_url lives 2 hours: an older open order is replaced by a fresh one. */
export const ORDER_QR_TTL_MS = 110 * 60_000;

async function requireBooklet(db: Db | Tx, bookletId: string) {
  const booklet = await queries.selectBookletForSale(db, bookletId);
  if (!booklet || booklet.isDraft) throw notFound(PAYMENT_MESSAGES.bookletNotFound);
  return booklet;
}

/** Checks a discount code against a booklet; throws the spec-worded refusal. */
async function quote(
  db: Db | Tx,
  booklet: { id: string; price: number },
  code: string | undefined,
): Promise<DiscountQuote | null> {
  const trimmed = code?.trim();
  if (!trimmed) return null;
  const row = await queries.selectDiscountCode(db, trimmed);
  if (!row) throw badRequest(PAYMENT_MESSAGES.codeNotFound);
  if (row.bookletId && row.bookletId !== booklet.id) throw badRequest(PAYMENT_MESSAGES.codeOtherBooklet);
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw badRequest(PAYMENT_MESSAGES.codeExpired);
  if (row.usedCount >= row.maxUses) throw badRequest(PAYMENT_MESSAGES.codeUsedUp);
  return {
    code: row.code,
    percentOff: row.percentOff,
    price: booklet.price,
    amount: discountedPrice(booklet.price, row.percentOff),
  };
}

/** /check with metaId and code (the discount service): what the booklet costs with the code. */
export async function checkDiscount(ctx: Pick<Ctx, 'db' | 'viewer'>, input: { metaId: string; code: string }) {
  const { db, viewer } = ctx;
  requireViewer(viewer);
  const booklet = await requireBooklet(db, input.metaId);
  const result = await quote(db, booklet, input.code);
  if (!result) throw badRequest(PAYMENT_MESSAGES.codeRequired);
  return result;
}

async function qrcodeOf(codeUrl: string): Promise<string> {
  const svg = await QRCode.toString(codeUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function ownedView(booklet: { id: string; price: number }, purchase: { orderId: string | null; pricePaid: number }) {
  return {
    orderId: purchase.orderId,
    bookletId: booklet.id,
    status: 'paid',
    bought: true,
    price: booklet.price,
    amount: purchase.pricePaid,
    discountCode: null,
    provider: null,
    codeUrl: null,
    qrcode: null,
  } satisfies OrderView;
}

/**
 * /buy (id, code, type wxpay): opens — or reuses — the reader's one pending order for the
 * booklet and answers its QR. Parallel clicks make one order; a different code replaces the
 * open order (closed here and at the provider). Owning the booklet already answers bought.
 */
export async function buyBooklet(
  ctx: PaymentCtx & Pick<Ctx, 'viewer'>,
  input: { id: string; code?: string; type: 'wxpay' },
): Promise<OrderView> {
  const buyer = requireViewer(ctx.viewer);
  const { db } = ctx;
  const { payments } = ctx.adapters;
  const booklet = await requireBooklet(db, input.id);
  if (booklet.userId === buyer.id) throw badRequest(PAYMENT_MESSAGES.ownBooklet);
  const owned = await queries.selectPurchase(db, buyer.id, booklet.id);
  if (owned) return ownedView(booklet, owned);
  if (booklet.price === 0) throw badRequest(PAYMENT_MESSAGES.freeBooklet);
  const discount = await quote(db, booklet, input.code);
  const amount = discount ? discount.amount : booklet.price;
  if (amount === 0) throw badRequest(PAYMENT_MESSAGES.payFree);
  if (!payments) throw badRequest(PAYMENT_MESSAGES.unavailable);
  const discountCode = discount?.code ?? null;

  const { order, replaced } = await db.transaction(async (tx) => {
    let replaced: string | null = null;
    const open = await queries.selectPendingOrder(tx, buyer.id, booklet.id, { lock: true });
    const stale = open && Date.now() - open.createdAt.getTime() > ORDER_QR_TTL_MS;
    if (
      open &&
      (stale || open.amount !== amount || open.discountCode !== discountCode || open.channel !== payments.name)
    ) {
      await queries.closeOrder(tx, open.id);
      replaced = open.id;
    }
    await queries.insertPendingOrder(tx, {
      id: newId(),
      userId: buyer.id,
      bookletId: booklet.id,
      amount,
      channel: payments.name,
      discountCode,
    });
    const order = await queries.selectPendingOrder(tx, buyer.id, booklet.id);
    if (!order) throw new Error('pending order vanished');
    return { order, replaced };
  });
  if (replaced) {
    await payments.closeOrder(replaced).catch((error: unknown) => {
      ctx.logger?.warn({ err: error, orderId: replaced }, 'closing a replaced order at the provider failed');
    });
  }

  let codeUrl = order.codeUrl;
  if (!codeUrl) {
    try {
      ({ codeUrl } = await payments.createNativeOrder({
        orderId: order.id,
        amount: order.amount,
        description: `金砂小册《${booklet.title}》`,
      }));
    } catch (error) {
      if (error instanceof PaymentProviderError || error instanceof PaymentSignatureError) {
        ctx.logger?.error({ err: error, orderId: order.id }, 'placing the order at the provider failed');
        throw badRequest(PAYMENT_MESSAGES.providerBusy);
      }
      throw error;
    }
    await queries.setOrderCodeUrl(db, order.id, codeUrl);
  }
  return {
    orderId: order.id,
    bookletId: booklet.id,
    status: 'pending',
    bought: false,
    price: booklet.price,
    amount: order.amount,
    discountCode: order.discountCode,
    provider: payments.name,
    codeUrl,
    qrcode: await qrcodeOf(codeUrl),
  };
}

/** /check (metaId): the state of the reader's latest order for a booklet, polled until paid. */
export async function checkOrder(ctx: Pick<Ctx, 'db' | 'viewer'>, bookletId: string): Promise<OrderView> {
  const { db, viewer } = ctx;
  const buyer = requireViewer(viewer);
  const booklet = await requireBooklet(db, bookletId);
  const owned = await queries.selectPurchase(db, buyer.id, booklet.id);
  if (owned) return ownedView(booklet, owned);
  const order = await queries.selectLatestOrder(db, buyer.id, booklet.id);
  return {
    orderId: order?.id ?? null,
    bookletId: booklet.id,
    status: order ? order.status : 'none',
    bought: false,
    price: booklet.price,
    amount: order?.amount ?? booklet.price,
    discountCode: order?.discountCode ?? null,
    provider: (order?.channel as OrderView['provider']) ?? null,
    codeUrl: order?.status === 'pending' ? order.codeUrl : null,
    qrcode: null,
  };
}

/**
 * /freeDiscount (id, code): a free order, for a free booklet or a code that takes 100% off.
 * The code's use, the paid order and the purchase are one transaction; a second click answers bought.
 */
export async function freeDiscount(ctx: Pick<Ctx, 'db' | 'viewer'>, input: { id: string; code?: string }) {
  const { db, viewer } = ctx;
  const buyer = requireViewer(viewer);
  const booklet = await requireBooklet(db, input.id);
  if (booklet.userId === buyer.id) throw badRequest(PAYMENT_MESSAGES.ownBooklet);
  const owned = await queries.selectPurchase(db, buyer.id, booklet.id);
  if (owned) return ownedView(booklet, owned);
  const orderId = newId();
  try {
    const discount = await quote(db, booklet, input.code);
    const amount = discount ? discount.amount : booklet.price;
    if (amount !== 0) throw badRequest(input.code?.trim() ? PAYMENT_MESSAGES.notFree : PAYMENT_MESSAGES.codeRequired);
    await db.transaction(async (tx) => {
      await queries.insertPaidOrder(tx, {
        id: orderId,
        userId: buyer.id,
        bookletId: booklet.id,
        amount: 0,
        channel: 'free',
        discountCode: discount?.code ?? null,
        providerRef: `free-${orderId}`,
      });
      const fresh = await queries.insertPurchase(tx, {
        id: newId(),
        bookletId: booklet.id,
        userId: buyer.id,
        orderId,
        pricePaid: 0,
      });
      // A second click got here first: its order and purchase stand, this one rolls back.
      if (!fresh) throw new AlreadyOwned();
      if (discount && !(await queries.consumeDiscountCode(tx, discount.code, { enforceLimit: true }))) {
        throw badRequest(PAYMENT_MESSAGES.codeUsedUp);
      }
    });
  } catch (error) {
    // A second click that lost the race to the first — its purchase is there, or the first used
    // up the code before this one read it — answers bought, as the first does.
    const purchase = await queries.selectPurchase(db, buyer.id, booklet.id);
    if (purchase) return ownedView(booklet, purchase);
    throw error;
  }
  await publishChange(db, { kind: 'user', key: buyer.id });
  const purchase = await queries.selectPurchase(db, buyer.id, booklet.id);
  return ownedView(booklet, purchase ?? { orderId, pricePaid: 0 });
}

/**
 * A payment callback (already read as raw text): verified by the provider, then applied once.
 * Replays, late callbacks of replaced orders and double deliveries never grant or pay twice.
 */
export async function handlePaymentNotification(
  ctx: PaymentCtx,
  { providerName, header, rawBody }: { providerName: string; header: HeaderLookup; rawBody: string },
): Promise<{ orderId: string; applied: boolean }> {
  const { payments } = ctx.adapters;
  if (!payments || payments.name !== providerName) throw notFound();
  let notice: PaymentNotice;
  try {
    notice = payments.parseNotification(header, rawBody);
  } catch (error) {
    if (error instanceof PaymentSignatureError) {
      ctx.logger?.warn({ reason: error.message }, 'payment callback refused');
      throw new AppError(401, PAYMENT_MESSAGES.badSignature);
    }
    throw error;
  }
  if (!notice.paid) return { orderId: notice.orderId, applied: false };
  return applyPayment(ctx, notice);
}

async function applyPayment(ctx: PaymentCtx, notice: PaymentNotice) {
  const { db } = ctx;
  const result = await db.transaction(async (tx) => {
    const order = await queries.selectOrder(tx, notice.orderId, { lock: true });
    if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound);
    if (order.status === 'paid') return { applied: false, walletOwner: null as string | null, buyer: order.userId };
    if (notice.amount !== order.amount) {
      ctx.logger?.error({ orderId: order.id, paid: notice.amount, expected: order.amount }, 'payment amount mismatch');
      throw badRequest(PAYMENT_MESSAGES.amountMismatch);
    }
    if (!(await queries.markOrderPaid(tx, order.id, notice.providerRef))) {
      return { applied: false, walletOwner: null, buyer: order.userId };
    }
    const granted = await queries.insertPurchase(tx, {
      id: newId(),
      bookletId: order.bookletId,
      userId: order.userId,
      orderId: order.id,
      pricePaid: order.amount,
    });
    if (!granted) {
      // Paid twice for one booklet (an old QR of a replaced order): kept for a refund, granted once.
      ctx.logger?.warn({ orderId: order.id, userId: order.userId }, 'second payment for an owned booklet');
      return { applied: true, walletOwner: null, buyer: order.userId };
    }
    if (order.discountCode) await queries.consumeDiscountCode(tx, order.discountCode, { enforceLimit: false });
    const booklet = await queries.selectBookletForSale(tx, order.bookletId);
    const share = authorShare(order.amount);
    let walletOwner: string | null = null;
    if (booklet && share > 0) {
      const { walletOpened } = await queries.insertIncome(tx, {
        id: newId(),
        userId: booklet.userId,
        amount: share,
        description: `小册《${booklet.title}》售出分成`,
      });
      if (walletOpened) walletOwner = booklet.userId;
    }
    return { applied: true, walletOwner, buyer: order.userId };
  });
  // Cached sessions hold hasWallet: the author's menu shows 我的钱包 at once.
  if (result.walletOwner) await publishChange(db, { kind: 'user', key: result.walletOwner });
  return { orderId: notice.orderId, applied: result.applied };
}

function requireSandbox(payments: PaymentProvider | null): SandboxProvider {
  if (payments?.name !== 'sandbox') throw notFound();
  return payments as SandboxProvider;
}

/** The sandbox confirmation page's order: opened from the QR, guarded by the QR's signature. */
export async function getSandboxOrder(ctx: PaymentCtx, input: { orderId: string; sig: string }) {
  const sandbox = requireSandbox(ctx.adapters.payments);
  if (!sandbox.verifyPageSignature(input.orderId, input.sig)) throw forbidden();
  const order = await queries.selectOrder(ctx.db, input.orderId);
  if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  const booklet = await queries.selectBookletForSale(ctx.db, order.bookletId);
  return {
    orderId: order.id,
    bookletId: order.bookletId,
    bookletTitle: booklet?.title ?? '',
    amount: order.amount,
    status: order.status,
  };
}

/**
 * The sandbox "bank": the buyer confirmed on the page, so the sandbox signs a payment callback
 * and delivers it to the same handler WeChat Pay's callbacks reach (signature checked there).
 */
export async function confirmSandboxPayment(ctx: PaymentCtx, input: { orderId: string; sig: string }) {
  const sandbox = requireSandbox(ctx.adapters.payments);
  const order = await getSandboxOrder(ctx, input);
  if (order.status === 'closed') throw badRequest(PAYMENT_MESSAGES.orderClosed);
  if (order.status === 'pending') {
    const callback = sandbox.signNotification({
      orderId: order.orderId,
      providerRef: `sandbox-${newId()}`,
      amount: order.amount,
      paid: true,
    });
    const headers = new Headers(callback.headers);
    await handlePaymentNotification(ctx, {
      providerName: 'sandbox',
      header: (name) => headers.get(name),
      rawBody: callback.body,
    });
  }
  return getSandboxOrder(ctx, input);
}
