import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { walletBills, withdrawalApplications } from '@db/schema/commerce.ts';
import { users } from '@db/schema/users.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';

// Real concurrency needs several connections: PostgreSQL (a private server on a PGlite run).
let database: Database;
let app: TestApp;

setUpTestApp({ postgres: { poolSize: 12 } }, (opened) => ({ database, app } = opened));

describe('withdrawals under concurrency (PostgreSQL)', () => {
  it('20 parallel applications never overdraw the balance', async () => {
    // 5000 fen: room for exactly 5 applications of 1000.
    const author = await createUser(database.db, { walletBalance: 5000, hasWallet: true });
    await database.db
      .insert(walletBills)
      .values({ id: newId(), userId: author.id, amount: 5000, kind: 'booklet_income', description: 'x' });
    const cookie = await signIn(app, author);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        requestJson(app, '/api/wallet/apply?volume=1000&alipayAccount=a%40b.cn&name=%E5%BC%A0%E4%B8%89', {
          headers: { cookie },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 400).every((a) => a.body.m === '余额不足')).toBe(true);
    const [row] = await database.db.select().from(users).where(eq(users.id, author.id));
    expect(row.walletBalance).toBe(0);
    const applications = await database.db
      .select()
      .from(withdrawalApplications)
      .where(eq(withdrawalApplications.userId, author.id));
    expect(applications).toHaveLength(5);
    const bills = await database.db.select().from(walletBills).where(eq(walletBills.userId, author.id));
    expect(bills.reduce((sum, b) => sum + b.amount, 0)).toBe(0);
  });
});
