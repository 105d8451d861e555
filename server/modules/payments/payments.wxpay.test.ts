import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { bookletPurchases, walletBills } from '@db/schema/commerce.ts';
import { createSaleBooklet } from '../../../tests/factories/payments.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import {
  API_V3_KEY,
  stranger as forger,
  wechatSignedHeaders,
  wxpayTestConfig,
} from '../../../tests/setup/wechat-pay.ts';
import { createWechatPayProvider, encryptWechatResource } from '../../adapters/payment.ts';

// The whole purchase with the WeChat Pay v3 adapter, WeChat's side played by a local stand-in.
const signed = (body: string, key?: string): Record<string, string> => ({
  'content-type': 'application/json',
  ...wechatSignedHeaders(body, { key }),
});

const placed: string[] = [];
const wechat = createWechatPayProvider({
  ...wxpayTestConfig({ notifyUrl: 'http://localhost/api/order/notify/wxpay' }),
  fetch: (async (_url: string, init: RequestInit) => {
    const order = JSON.parse(String(init.body)) as { out_trade_no: string };
    placed.push(order.out_trade_no);
    const answer = JSON.stringify({ code_url: `weixin://wxpay/bizpayurl?pr=${order.out_trade_no}` });
    return new Response(answer, { status: 200, headers: signed(answer) });
  }) as unknown as typeof fetch,
});

let database: Database;
let app: TestApp;

setUpTestApp({ adapters: { payments: wechat } }, (opened) => {
  ({ database, app } = opened);
});

function callback(orderId: string, total: number) {
  return JSON.stringify({
    id: `EV-${randomBytes(4).toString('hex')}`,
    event_type: 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    resource: encryptWechatResource(
      API_V3_KEY,
      JSON.stringify({
        mchid: '1900000001',
        out_trade_no: orderId,
        transaction_id: '4200000000000000001',
        trade_state: 'SUCCESS',
        amount: { total, payer_total: total, currency: 'CNY' },
      }),
    ),
  });
}

describe('buying with WeChat Pay v3 Native', () => {
  it('answers the WeChat QR, refuses a forged callback and grants once on the signed one', async () => {
    const [author, reader] = await Promise.all([createUser(database.db), createUser(database.db)]);
    const cookie = await signIn(app, reader);
    const booklet = await createSaleBooklet(database.db, author.id, { price: 2990 });
    const bought = await requestJson<{ orderId: string; codeUrl: string; provider: string; qrcode: string }>(
      app,
      '/api/order/buy',
      { method: 'POST', headers: { cookie }, json: { id: booklet.id, type: 'wxpay' } },
    );
    expect(bought.status).toBe(200);
    const { orderId } = bought.body.d;
    expect(bought.body.d).toMatchObject({ provider: 'wxpay', codeUrl: `weixin://wxpay/bizpayurl?pr=${orderId}` });
    expect(placed).toEqual([orderId]);
    // A second click reuses the stored code_url: no second order at WeChat.
    await requestJson(app, '/api/order/buy', { method: 'POST', headers: { cookie }, json: { id: booklet.id } });
    expect(placed).toEqual([orderId]);
    // The sandbox's page does not exist while WeChat Pay is the provider.
    expect((await requestJson(app, `/api/order/sandbox/order?orderId=${orderId}&sig=x`)).status).toBe(404);

    const body = callback(orderId, 2990);
    const notify = (headers: Record<string, string>, text: string) =>
      app.request('/api/order/notify/wxpay', { method: 'POST', headers, body: text });
    expect((await notify(signed(body, forger.privateKey), body)).status).toBe(401);
    expect((await notify(signed(body), callback(orderId, 1))).status).toBe(401);
    expect(
      (await database.db.select().from(bookletPurchases).where(eq(bookletPurchases.userId, reader.id))).length,
    ).toBe(0);

    expect((await notify(signed(body), body)).status).toBe(200);
    expect((await notify(signed(body), body)).status).toBe(200);
    const purchases = await database.db.select().from(bookletPurchases).where(eq(bookletPurchases.userId, reader.id));
    expect(purchases).toHaveLength(1);
    const bills = await database.db.select().from(walletBills).where(eq(walletBills.userId, author.id));
    expect(bills.map((b) => b.amount)).toEqual([2093]);
    const state = await requestJson(app, `/api/order/check?metaId=${booklet.id}`, { headers: { cookie } });
    expect(state.body.d).toMatchObject({ bought: true, status: 'paid', provider: null });
  });
});
