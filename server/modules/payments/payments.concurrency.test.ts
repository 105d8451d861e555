import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { bookletPurchases, paymentOrders, walletBills } from '@db/schema/commerce.ts';
import { users } from '@db/schema/users.ts';
import { createSaleBooklet } from '../../../tests/factories/payments.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import type { SandboxProvider } from '../../adapters/payment.ts';

// Real concurrency needs several connections: PostgreSQL (a private server on a PGlite run).
let database: Database;
let app: TestApp;

setUpTestApp({ postgres: { poolSize: 12 } }, (opened) => ({ database, app } = opened));

describe('payments under concurrency (PostgreSQL)', () => {
  it('20 parallel purchases of one booklet by one reader make one order, and 20 callbacks grant once', async () => {
    const [author, reader] = await Promise.all([createUser(database.db), createUser(database.db)]);
    const cookie = await signIn(app, reader);
    const booklet = await createSaleBooklet(database.db, author.id, { price: 3000 });

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        requestJson<{ orderId: string; codeUrl: string }>(app, '/api/order/buy', {
          method: 'POST',
          headers: { cookie },
          json: { id: booklet.id, type: 'wxpay' },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.d.orderId)).size).toBe(1);
    const orders = await database.db.select().from(paymentOrders).where(eq(paymentOrders.bookletId, booklet.id));
    expect(orders).toHaveLength(1);

    const sandbox = app.adapters.payments as SandboxProvider;
    const orderId = answers[0].body.d.orderId;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const callback = sandbox.signNotification({ orderId, providerRef: `tx-${i}`, amount: 3000, paid: true });
        return app
          .request('/api/order/notify/sandbox', { method: 'POST', headers: callback.headers, body: callback.body })
          .then(async (r) => ({ status: r.status, body: (await r.json()) as { d: { applied: boolean } } }));
      }),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.body.d.applied)).toHaveLength(1);
    const purchases = await database.db
      .select()
      .from(bookletPurchases)
      .where(eq(bookletPurchases.bookletId, booklet.id));
    expect(purchases).toHaveLength(1);
    const bills = await database.db.select().from(walletBills).where(eq(walletBills.userId, author.id));
    expect(bills.map((b) => b.amount)).toEqual([2100]);
    const [row] = await database.db.select().from(users).where(eq(users.id, author.id));
    expect(row.walletBalance).toBe(2100);
  });
});
