import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { bookletPurchases, booklets, discountCodes, paymentOrders, walletBills } from '@db/schema/commerce.ts';
import { users } from '@db/schema/users.ts';
import { createDiscountCode, createSaleBooklet } from '../../../tests/factories/payments.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { SANDBOX_HEADERS, type SandboxProvider } from '../../adapters/payment.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { discountQuoteSchema, orderViewSchema, sandboxOrderSchema } from './payments.routes.ts';

let database: Database;
let app: TestApp;
let author: TestUser;
let reader: TestUser;
let other: TestUser;
const cookies: Record<string, string> = {};

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  [author, reader, other] = await Promise.all([
    createUser(database.db),
    createUser(database.db),
    createUser(database.db),
  ]);
  for (const u of [author, reader, other]) cookies[u.id] = await signIn(app, u);
});

type Init = Omit<RequestInit, 'body'> & { json?: unknown };
function as(user: TestUser | null, init: Init = {}): Init {
  return { ...init, headers: user ? { cookie: cookies[user.id] } : {} };
}
type OrderView = ReturnType<typeof orderViewSchema.parse>;

const buy = (user: TestUser | null, json: Record<string, unknown>) =>
  requestJson<OrderView>(app, '/api/order/buy', as(user, { method: 'POST', json }));
const check = (user: TestUser | null, bookletId: string) =>
  requestJson<OrderView>(app, `/api/order/check?metaId=${bookletId}`, as(user));

function sandbox(): SandboxProvider {
  const provider = app.adapters.payments;
  if (provider?.name !== 'sandbox') throw new Error('tests run with the sandbox provider');
  return provider as SandboxProvider;
}

function sigOf(codeUrl: string | null): string {
  return new URL(codeUrl ?? '').searchParams.get('sig') ?? '';
}

async function postCallback(headers: Record<string, string>, body: string) {
  const response = await app.request('/api/order/notify/sandbox', { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as { s: number; m: string; d: unknown } };
}

async function ownerState(userId: string, bookletId: string) {
  const purchases = await database.db.select().from(bookletPurchases).where(eq(bookletPurchases.bookletId, bookletId));
  const [booklet] = await database.db.select().from(booklets).where(eq(booklets.id, bookletId));
  const bills = await database.db.select().from(walletBills).where(eq(walletBills.userId, userId));
  const [user] = await database.db.select().from(users).where(eq(users.id, userId));
  return { purchases, booklet, bills, user };
}

describe('buying a booklet through the sandbox', () => {
  it('opens one order, shows a QR, pays once on a signed callback and pays the author their share', async () => {
    const booklet = await createSaleBooklet(database.db, author.id, { price: 1990 });
    expect((await buy(null, { id: booklet.id, type: 'wxpay' })).status).toBe(401);
    expect((await buy(reader, { id: booklet.id, type: 'alipay' })).body.m).toBe('支付方式有误');
    expect((await buy(author, { id: booklet.id })).body.m).toBe('不能购买自己的小册');
    expect((await buy(reader, { id: 'x'.repeat(24) })).status).toBe(404);

    const first = await buy(reader, { id: booklet.id, type: 'wxpay' });
    expect(first.status).toBe(200);
    const order = envelopeOf(orderViewSchema).parse(first.body).d;
    expect(order).toMatchObject({ status: 'pending', bought: false, price: 1990, amount: 1990, provider: 'sandbox' });
    expect(order.codeUrl).toMatch(new RegExp(`/pay/sandbox/${order.orderId}\\?sig=`));
    expect(order.qrcode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(order.qrcode!.split(',')[1], 'base64').toString()).toContain('<svg');
    // A double click reuses the order.
    const again = (await buy(reader, { id: booklet.id })).body.d;
    expect(again.orderId).toBe(order.orderId);
    expect((await check(reader, booklet.id)).body.d).toMatchObject({ status: 'pending', bought: false });
    expect((await check(null, booklet.id)).status).toBe(401);

    // The confirmation page needs the QR's signature.
    const page = await requestJson(
      app,
      `/api/order/sandbox/order?orderId=${order.orderId}&sig=${sigOf(order.codeUrl)}`,
    );
    expect(envelopeOf(sandboxOrderSchema).parse(page.body).d).toMatchObject({
      bookletTitle: booklet.title,
      amount: 1990,
      status: 'pending',
    });
    const wrongSig = await requestJson(app, `/api/order/sandbox/order?orderId=${order.orderId}&sig=forged`);
    expect(wrongSig.status).toBe(403);

    const paid = await requestJson(app, '/api/order/sandbox/pay', {
      method: 'POST',
      json: { orderId: order.orderId, sig: sigOf(order.codeUrl) },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.d).toMatchObject({ status: 'paid' });
    const after = (await check(reader, booklet.id)).body.d;
    expect(after).toMatchObject({ status: 'paid', bought: true, orderId: order.orderId, amount: 1990 });

    const state = await ownerState(author.id, booklet.id);
    expect(state.purchases).toHaveLength(1);
    expect(state.booklet.buyCount).toBe(1);
    expect(state.bills).toEqual([
      expect.objectContaining({
        amount: 1393,
        kind: 'booklet_income',
        description: `小册《${booklet.title}》售出分成`,
      }),
    ]);
    expect(state.user.walletBalance).toBe(1393);
    expect(state.user.hasWallet).toBe(true);
    const [buyer] = await database.db.select().from(users).where(eq(users.id, reader.id));
    expect(buyer.boughtBookCount).toBe(1);

    // Confirming again, replaying a callback, or buying again grants and pays nothing more.
    await requestJson(app, '/api/order/sandbox/pay', {
      method: 'POST',
      json: { orderId: order.orderId, sig: sigOf(order.codeUrl) },
    });
    const callback = sandbox().signNotification({
      orderId: order.orderId!,
      providerRef: 'sandbox-replay',
      amount: 1990,
      paid: true,
    });
    const replay = await postCallback(callback.headers, callback.body);
    expect(replay.status).toBe(200);
    expect(replay.body.d).toEqual({ orderId: order.orderId, applied: false });
    expect((await buy(reader, { id: booklet.id })).body.d).toMatchObject({ bought: true, status: 'paid' });
    const unchanged = await ownerState(author.id, booklet.id);
    expect(unchanged.purchases).toHaveLength(1);
    expect(unchanged.bills).toHaveLength(1);
    expect(unchanged.user.walletBalance).toBe(1393);
  });

  it('refuses a forged, stale or tampered callback and grants nothing', async () => {
    const booklet = await createSaleBooklet(database.db, author.id, { price: 990 });
    const order = (await buy(other, { id: booklet.id })).body.d;
    const signed = sandbox().signNotification({ orderId: order.orderId!, providerRef: 'x', amount: 990, paid: true });

    const forged = { ...signed.headers, [SANDBOX_HEADERS.signature]: 'A'.repeat(43) };
    expect((await postCallback(forged, signed.body)).status).toBe(401);
    expect((await postCallback(forged, signed.body)).body.m).toBe('签名验证失败');
    // The body changed after signing (a cheaper amount).
    const tampered = signed.body.replace('"total":990', '"total":1');
    expect((await postCallback(signed.headers, tampered)).status).toBe(401);
    const unsigned = { 'content-type': 'application/json' };
    expect((await postCallback(unsigned, signed.body)).status).toBe(401);
    const stale = sandbox().signNotification(
      { orderId: order.orderId!, providerRef: 'x', amount: 990, paid: true },
      Date.now() - 3600_000,
    );
    expect((await postCallback(stale.headers, stale.body)).status).toBe(401);
    // Correctly signed, but the wrong amount.
    const short = sandbox().signNotification({ orderId: order.orderId!, providerRef: 'x', amount: 1, paid: true });
    const shortAnswer = await postCallback(short.headers, short.body);
    expect(shortAnswer.status).toBe(400);
    expect(shortAnswer.body.m).toBe('支付金额与订单不符');
    // Another provider's callback path is not served while the sandbox is the provider.
    const wxpay = await app.request('/api/order/notify/wxpay', { method: 'POST', headers: signed.headers, body: '{}' });
    expect(wxpay.status).toBe(404);
    expect((await postCallback({}, 'not json')).status).toBe(401);

    const state = await ownerState(author.id, booklet.id);
    expect(state.purchases).toHaveLength(0);
    expect((await check(other, booklet.id)).body.d).toMatchObject({ status: 'pending', bought: false });

    // The genuine callback then pays it.
    expect((await postCallback(signed.headers, signed.body)).body.d).toEqual({ orderId: order.orderId, applied: true });
    expect((await check(other, booklet.id)).body.d).toMatchObject({ bought: true });
  });

  it('ignores a callback that is not a success', async () => {
    const booklet = await createSaleBooklet(database.db, author.id, { price: 500 });
    const order = (await buy(other, { id: booklet.id })).body.d;
    const closed = sandbox().signNotification({ orderId: order.orderId!, providerRef: 'x', amount: 500, paid: false });
    expect((await postCallback(closed.headers, closed.body)).body.d).toEqual({
      orderId: order.orderId,
      applied: false,
    });
    expect((await check(other, booklet.id)).body.d).toMatchObject({ status: 'pending', bought: false });
  });

  it('replaces an open order whose QR has expired', async () => {
    const booklet = await createSaleBooklet(database.db, author.id, { price: 700 });
    const first = (await buy(other, { id: booklet.id })).body.d;
    await database.db
      .update(paymentOrders)
      .set({ createdAt: new Date(Date.now() - 3 * 3600_000) })
      .where(eq(paymentOrders.id, first.orderId!));
    const second = (await buy(other, { id: booklet.id })).body.d;
    expect(second.orderId).not.toBe(first.orderId);
    const [old] = await database.db.select().from(paymentOrders).where(eq(paymentOrders.id, first.orderId!));
    expect(old.status).toBe('closed');
  });

  it('refuses free booklets and drafts', async () => {
    const free = await createSaleBooklet(database.db, author.id, { price: 0 });
    expect((await buy(reader, { id: free.id })).body.m).toBe('该小册免费，无需购买');
    const draft = await createSaleBooklet(database.db, author.id, { isDraft: true });
    expect((await buy(reader, { id: draft.id })).status).toBe(404);
    expect((await check(reader, draft.id)).body.m).toBe('小册不存在');
    expect((await check(reader, free.id)).body.d).toMatchObject({ status: 'none', bought: false, orderId: null });
  });
});

describe('discount codes', () => {
  it('quotes, lowers the price of the order and counts a use when paid', async () => {
    const booklet = await createSaleBooklet(database.db, author.id, { price: 2000 });
    const code = await createDiscountCode(database.db, { percentOff: 30, maxUses: 5 });
    const quote = await requestJson(app, `/api/discount/check?metaId=${booklet.id}&code=${code.code}`, as(reader));
    expect(envelopeOf(discountQuoteSchema).parse(quote.body).d).toEqual({
      code: code.code,
      percentOff: 30,
      price: 2000,
      amount: 1400,
    });
    expect((await requestJson(app, `/api/discount/check?metaId=${booklet.id}&code=${code.code}`)).status).toBe(401);
    const missing = await requestJson(app, `/api/discount/check?metaId=${booklet.id}&code=NOPE`, as(reader));
    expect(missing.body.m).toBe('优惠码不存在');
    const empty = await requestJson(app, `/api/discount/check?metaId=${booklet.id}&code=`, as(reader));
    expect(empty.body.m).toBe('请输入优惠码');

    const plain = (await buy(reader, { id: booklet.id })).body.d;
    expect(plain.amount).toBe(2000);
    // A code replaces the open order with a cheaper one.
    const discounted = (await buy(reader, { id: booklet.id, code: code.code })).body.d;
    expect(discounted).toMatchObject({ amount: 1400, discountCode: code.code, status: 'pending' });
    expect(discounted.orderId).not.toBe(plain.orderId);
    const [old] = await database.db.select().from(paymentOrders).where(eq(paymentOrders.id, plain.orderId!));
    expect(old.status).toBe('closed');

    await requestJson(app, '/api/order/sandbox/pay', {
      method: 'POST',
      json: { orderId: discounted.orderId, sig: sigOf(discounted.codeUrl) },
    });
    const [used] = await database.db.select().from(discountCodes).where(eq(discountCodes.code, code.code));
    expect(used.usedCount).toBe(1);
    const [purchase] = await database.db
      .select()
      .from(bookletPurchases)
      .where(eq(bookletPurchases.bookletId, booklet.id));
    expect(purchase.pricePaid).toBe(1400);
    const bills = await database.db.select().from(walletBills).where(eq(walletBills.userId, author.id));
    expect(bills.some((b) => b.amount === 980)).toBe(true);
    // The closed order's page cannot be paid any more.
    const late = await requestJson(app, '/api/order/sandbox/pay', {
      method: 'POST',
      json: { orderId: plain.orderId, sig: sigOf(plain.codeUrl) },
    });
    expect(late.body.m).toBe('订单已关闭，请重新下单');
  });

  it('refuses expired, used-up and other booklets’ codes', async () => {
    const booklet = await createSaleBooklet(database.db, author.id);
    const elsewhere = await createSaleBooklet(database.db, author.id);
    const expired = await createDiscountCode(database.db, { expiresAt: new Date(Date.now() - 1000) });
    const usedUp = await createDiscountCode(database.db, { maxUses: 1, usedCount: 1 });
    const bound = await createDiscountCode(database.db, { bookletId: elsewhere.id });
    const messageFor = async (code: string) =>
      (await requestJson(app, `/api/discount/check?metaId=${booklet.id}&code=${code}`, as(reader))).body.m;
    expect(await messageFor(expired.code)).toBe('优惠码已过期');
    expect(await messageFor(usedUp.code)).toBe('优惠码已被用完');
    expect(await messageFor(bound.code)).toBe('优惠码不适用于该小册');
    expect((await buy(reader, { id: booklet.id, code: expired.code })).body.m).toBe('优惠码已过期');
  });

  it('makes a free order for a 100% code, once, and never for a partial one', async () => {
    const booklet = await createSaleBooklet(database.db, author.id, { price: 1500 });
    const free = await createDiscountCode(database.db, { percentOff: 100, maxUses: 1 });
    const half = await createDiscountCode(database.db, { percentOff: 50 });
    const post = (user: TestUser | null, json: Record<string, unknown>) =>
      requestJson<OrderView>(app, '/api/order/freeDiscount', as(user, { method: 'POST', json }));
    expect((await post(null, { id: booklet.id, code: free.code })).status).toBe(401);
    expect((await post(reader, { id: booklet.id, code: half.code })).body.m).toBe('该优惠码不能免费领取');
    expect((await post(reader, { id: booklet.id })).body.m).toBe('请输入优惠码');
    expect((await buy(reader, { id: booklet.id, code: free.code })).body.m).toBe('优惠后实付 0 元，请直接免费领取');

    const [a, b] = await Promise.all([
      post(reader, { id: booklet.id, code: free.code }),
      post(reader, { id: booklet.id, code: free.code }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.d).toMatchObject({ bought: true, amount: 0 });
    const purchases = await database.db
      .select()
      .from(bookletPurchases)
      .where(eq(bookletPurchases.bookletId, booklet.id));
    expect(purchases).toHaveLength(1);
    const [used] = await database.db.select().from(discountCodes).where(eq(discountCodes.code, free.code));
    expect(used.usedCount).toBe(1);
    // No earning from a free order; the code is now used up for others.
    const state = await ownerState(author.id, booklet.id);
    expect(state.bills.filter((bill) => bill.description.includes(booklet.title))).toHaveLength(0);
    expect((await post(other, { id: booklet.id, code: free.code })).body.m).toBe('优惠码已被用完');

    // A free booklet can be taken without a code.
    const gift = await createSaleBooklet(database.db, author.id, { price: 0 });
    expect((await post(other, { id: gift.id })).body.d).toMatchObject({ bought: true, amount: 0 });
  });
});
