import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { walletBills } from '@db/schema/commerce.ts';
import { auditLog } from '@db/schema/moderation.ts';
import { users } from '@db/schema/users.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { envelopeOf, z } from '../../http/openapi.ts';
import { applyRulesSchema, billSchema, withdrawalSchema } from './wallet.routes.ts';

let database: Database;
let app: TestApp;
let author: TestUser;
let reader: TestUser;
let admin: TestUser;
let editor: TestUser;
const cookies: Record<string, string> = {};

/** Income the way a sale writes it: the bill, the balance and the wallet flag. */
async function earn(user: TestUser, amount: number) {
  await database.db.insert(walletBills).values({
    id: newId(),
    userId: user.id,
    amount,
    kind: 'booklet_income',
    description: '小册《测试》售出分成',
  });
  const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
  await database.db
    .update(users)
    .set({ walletBalance: row.walletBalance + amount, hasWallet: true })
    .where(eq(users.id, user.id));
}

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  [author, reader, admin, editor] = await Promise.all([
    createUser(database.db, { isXiaoceAuthor: true }),
    createUser(database.db),
    createUser(database.db, { role: 'admin' }),
    createUser(database.db, { role: 'editor' }),
  ]);
  for (const u of [author, reader, admin, editor]) cookies[u.id] = await signIn(app, u);
});

type Init = Omit<RequestInit, 'body'> & { json?: unknown };
function as(user: TestUser | null, init: Init = {}): Init {
  return { ...init, headers: user ? { cookie: cookies[user.id] } : {} };
}
const get = <T>(user: TestUser | null, path: string) => requestJson<T>(app, `/api/wallet${path}`, as(user));
const post = <T>(user: TestUser | null, path: string, json: unknown) =>
  requestJson<T>(app, `/api/wallet${path}`, as(user, { method: 'POST', json }));
const balanceOf = async (user: TestUser) =>
  (await database.db.select().from(users).where(eq(users.id, user.id)))[0].walletBalance;
const billSum = async (user: TestUser) =>
  (await database.db.select().from(walletBills).where(eq(walletBills.userId, user.id))).reduce(
    (sum, bill) => sum + bill.amount,
    0,
  );

function applyPath(volume: number | string, alipayAccount = 'author@example.com', name = '张三') {
  return `/apply?volume=${volume}&alipayAccount=${encodeURIComponent(alipayAccount)}&name=${encodeURIComponent(name)}`;
}

describe('wallet', () => {
  it('is only for people with wallet access', async () => {
    expect((await get(null, '/haveWalletAccessRight')).status).toBe(401);
    expect((await get(reader, '/haveWalletAccessRight')).body.d).toEqual({ access: false });
    // An author without a sale has no wallet yet.
    expect((await get(author, '/haveWalletAccessRight')).body.d).toEqual({ access: false });
    for (const path of ['/getAmount', '/getBill', '/checkApplyRules', applyPath(100), '/withdrawals']) {
      const answer = await get(reader, path);
      expect(answer.status, path).toBe(403);
      expect(answer.body.m).toBe('你还没有开通钱包');
      expect((await get(null, path)).status, path).toBe(401);
    }
    expect((await get(admin, '/haveWalletAccessRight')).body.d).toEqual({ access: true });
  });

  it('shows the balance and bills, newest first, 20 a page', async () => {
    await earn(author, 1393);
    for (let i = 0; i < 20; i++) await earn(author, 100 + i);
    expect((await get(author, '/haveWalletAccessRight')).body.d).toEqual({ access: true });
    const amount = await get(author, '/getAmount');
    expect(amount.body.d).toEqual({ amount: 1393 + 20 * 100 + 190, pending: 0 });
    const first = await get<{ bills: unknown[]; page: number; hasMore: boolean }>(author, '/getBill?page=0');
    const parsed = envelopeOf(z.object({ bills: z.array(billSchema), page: z.number(), hasMore: z.boolean() })).parse(
      first.body,
    ).d;
    expect(parsed.bills).toHaveLength(20);
    expect(parsed.hasMore).toBe(true);
    expect(parsed.bills[0].amount).toBe(119);
    expect(parsed.bills[0].create_time).toMatch(/^\d{4}-/);
    const second = await get<{ bills: Array<{ amount: number }>; hasMore: boolean }>(author, '/getBill?page=1');
    expect(second.body.d.bills.map((b) => b.amount)).toEqual([1393]);
    expect(second.body.d.hasMore).toBe(false);
    expect((await get(author, '/getBill?page=-1')).status).toBe(400);
    expect((await get(author, '/getBill?page=x')).status).toBe(400);
  });

  it('checks the rules, then applies; the balance never goes below zero', async () => {
    const balance = await balanceOf(author);
    const rules = envelopeOf(applyRulesSchema).parse((await get(author, '/checkApplyRules')).body).d;
    expect(rules).toEqual({ canApply: true, reason: null, balance, minVolume: 100, maxVolume: balance });

    const messageOf = async (path: string) => (await get(author, path)).body.m;
    expect(await messageOf('/apply?alipayAccount=a&name=b')).toBe('请输入提现金额');
    expect(await messageOf(applyPath(99))).toBe('单笔提现不能少于 1.00 元');
    expect(await messageOf(applyPath(10.5))).toBe('请输入提现金额');
    expect(await messageOf(applyPath(5_000_001))).toBe('单笔提现不能超过 50000.00 元');
    expect(await messageOf(applyPath(100, ' '))).toBe('请输入支付宝账号');
    expect(await messageOf(applyPath(100, 'a', ''))).toBe('请输入真实姓名');
    expect(await messageOf(applyPath(100, 'a'.repeat(65)))).toBe('支付宝账号不能超过64个字符');
    expect(await messageOf(applyPath(balance + 1))).toBe('余额不足');
    // A write on GET: a page's image or link cannot trigger it.
    const fromImage = await app.request(`/api/wallet${applyPath(100)}`, {
      headers: { cookie: cookies[author.id], 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'image' },
    });
    expect(fromImage.status).toBe(403);

    const applied = await get<{ id: string; balance: number }>(author, applyPath(1000));
    expect(applied.status).toBe(200);
    expect(applied.body.d).toMatchObject({ volume: 1000, status: 'pending', balance: balance - 1000 });
    expect(await balanceOf(author)).toBe(balance - 1000);
    expect(await billSum(author)).toBe(balance - 1000);
    expect((await get(author, '/getAmount')).body.d).toEqual({ amount: balance - 1000, pending: 1000 });
    const mine = await get<{ applications: unknown[] }>(author, '/withdrawals');
    expect(z.array(withdrawalSchema).parse(mine.body.d.applications)[0]).toMatchObject({
      volume: 1000,
      status: 'pending',
      alipayAccount: 'author@example.com',
      name: '张三',
    });
    const bills = await get<{ bills: Array<{ amount: number; description: string }> }>(author, '/getBill');
    expect(bills.body.d.bills[0]).toMatchObject({ amount: -1000, description: '提现到支付宝（审核中）' });
  });

  it('lets only administrators approve or reject, once', async () => {
    const first = (await get<{ id: string }>(author, applyPath(500))).body.d.id;
    const second = (await get<{ id: string }>(author, applyPath(300))).body.d.id;
    const before = await balanceOf(author);

    for (const user of [null, reader, editor, author]) {
      const listed = await get(user, '/admin/withdrawals');
      expect(listed.status).toBe(user ? 403 : 401);
      expect((await post(user, '/admin/approve', { id: first })).status).toBe(user ? 403 : 401);
      expect((await post(user, '/admin/reject', { id: first })).status).toBe(user ? 403 : 401);
    }
    const pending = await get<{ applications: Array<{ id: string; user: { id: string } }> }>(
      admin,
      '/admin/withdrawals?status=pending',
    );
    expect(pending.body.d.applications.map((a) => a.id)).toEqual(expect.arrayContaining([first, second]));
    expect(pending.body.d.applications.find((a) => a.id === first)?.user.id).toBe(author.id);

    const approved = await post(admin, '/admin/approve', { id: first, note: '已打款' });
    expect(envelopeOf(withdrawalSchema).parse(approved.body).d).toMatchObject({ status: 'paid', note: '已打款' });
    expect((await post(admin, '/admin/approve', { id: first })).body.m).toBe('该提现申请已处理');
    expect((await post(admin, '/admin/reject', { id: first })).body.m).toBe('该提现申请已处理');
    expect(await balanceOf(author)).toBe(before);

    const rejected = await post(admin, '/admin/reject', { id: second, note: '账号与姓名不符' });
    expect(rejected.body.d).toMatchObject({ status: 'rejected' });
    expect(await balanceOf(author)).toBe(before + 300);
    expect(await billSum(author)).toBe(before + 300);
    const bills = await get<{ bills: Array<{ amount: number; description: string; kind: string }> }>(
      author,
      '/getBill',
    );
    expect(bills.body.d.bills[0]).toMatchObject({
      amount: 300,
      kind: 'refund',
      description: '提现被驳回，退回余额：账号与姓名不符',
    });
    const descriptions = bills.body.d.bills.map((b) => b.description);
    expect(descriptions).toContain('提现到支付宝（已到账）');
    expect(descriptions).toContain('提现到支付宝（已驳回）');

    // Each settlement is in the audit log, with who did it.
    const records = await database.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(records.map((r) => [r.action, r.targetId, r.reason])).toEqual(
      expect.arrayContaining([
        ['withdrawal_approve', first, '已打款'],
        ['withdrawal_reject', second, '账号与姓名不符'],
      ]),
    );
    expect(records).toHaveLength(2);

    expect((await post(admin, '/admin/approve', { id: 'x'.repeat(24) })).status).toBe(404);
    expect((await post(admin, '/admin/approve', { id: 'bad' })).status).toBe(400);
    const paid = await get<{ applications: Array<{ id: string }> }>(admin, '/admin/withdrawals?status=paid');
    expect(paid.body.d.applications.map((a) => a.id)).toContain(first);
    expect((await get(admin, '/admin/withdrawals?status=nope')).status).toBe(400);
  });
});
