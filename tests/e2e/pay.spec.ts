import type { Page } from '@playwright/test';
import { header } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Buying booklets through the sandbox payment provider, the author's wallet and a withdrawal an
 * administrator approves (docs/decisions/013-payments-and-wallet.md).
 */

const DEMO = { email: 'demo@jinsha.dev', password: 'jinsha-demo' } as const;
const ADMIN = { email: 'admin@jinsha.dev', password: 'jinsha-admin' } as const;

async function signInAs(page: Page, account: { email: string; password: string }) {
  await page.context().clearCookies();
  const response = await page.request.post('/api/passport/auth/type/email', { data: account });
  expect(response.status()).toBe(200);
}

interface Card {
  id: string;
  title: string;
  price: number;
}

/** The demo author's paid booklets, and a seeded reader who owns none of them. */
async function setUp(page: Page) {
  await signInAs(page, DEMO);
  const mine = (await page.request.get('/api/xiaoce/mine').then((r) => r.json())) as { d: { list: Card[] } };
  const paid = mine.d.list.filter((b) => b.price > 0).slice(0, 2);
  expect(paid).toHaveLength(2);
  for (let n = 2; n < 40; n++) {
    const reader = { email: `member${n}@jinsha.dev`, password: 'jinsha-demo' };
    await signInAs(page, reader);
    const states = await Promise.all(
      paid.map((b) =>
        page.request
          .get('/api/order/check', { params: { metaId: b.id } })
          .then((r) => r.json() as Promise<{ d: { bought: boolean } }>),
      ),
    );
    if (states.every((s) => !s.d.bought)) return { reader, paid };
  }
  throw new Error('no seeded reader without these booklets');
}

/** On /book/{id}: buy through the sandbox QR, optionally with a discount code; answers what was paid. */
async function buyThroughSandbox(page: Page, booklet: Card, code?: string): Promise<string> {
  await page.goto(`/book/${booklet.id}`);
  await page.getByRole('button', { name: /^购买 ¥/ }).click();
  const dialog = page.getByRole('dialog', { name: '购买小册' });
  await expect(dialog).toContainText(`《${booklet.title}》`);
  if (code) {
    await dialog.getByLabel('优惠码').fill(code);
    await dialog.getByRole('button', { name: '使用' }).click();
    await expect(dialog).toContainText(`使用优惠码 ${code} 后`);
  }
  const amount = (await dialog.getByTestId('pay-amount').textContent()) ?? '';
  await dialog.getByRole('button', { name: /^微信支付 ¥/ }).click();
  await expect(dialog.getByRole('img', { name: '微信支付二维码' })).toBeVisible();

  // The "phone": the QR's page, opened in another tab, confirms the payment.
  const link = dialog.getByRole('link', { name: '沙箱支付：打开支付确认页' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/pay\/sandbox\/[A-Za-z0-9]{24}\?sig=/);
  const phone = await page.context().newPage();
  await phone.goto(new URL(href!).pathname + new URL(href!).search);
  await expect(phone.getByRole('heading', { name: '确认支付' })).toBeVisible();
  await expect(phone.getByTestId('sandbox-amount')).toHaveText(amount);
  await phone.getByRole('button', { name: '确认支付' }).click();
  await expect(phone.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await phone.close();

  // The dialog's polling sees the payment: it closes and the booklet opens.
  await expect(page.getByText('购买成功，开始阅读吧')).toBeVisible({ timeout: 10_000 });
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^购买 ¥/ })).toHaveCount(0);
  return amount;
}

test('a reader buys two booklets through the sandbox QR, one with a discount code; the author earns, withdraws, and an administrator approves', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { reader, paid } = await setUp(page);
  const [plain, discounted] = paid;

  await signInAs(page, reader);
  // A reader without a wallet has no 我的钱包 in the menu.
  await page.goto('/');
  await header(page)
    .getByRole('button', { name: /的菜单$/ })
    .click();
  await expect(page.getByRole('menuitem', { name: '已购' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '我的钱包' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const full = await buyThroughSandbox(page, plain);
  expect(full).toBe(`¥${(plain.price / 100).toFixed(2)}`);
  await expect(page.getByRole('link', { name: '开始阅读' })).toBeVisible();
  const lower = await buyThroughSandbox(page, discounted, 'JINSHA30');
  const lowerFen = Math.floor((discounted.price * 70) / 100);
  expect(lower).toBe(`¥${(lowerFen / 100).toFixed(2)}`);

  // The author sees the earnings in the wallet, reached from the user menu.
  await signInAs(page, DEMO);
  await page.goto('/');
  await header(page)
    .getByRole('button', { name: /的菜单$/ })
    .click();
  await page.getByRole('menuitem', { name: '我的钱包' }).click();
  await expect(page).toHaveURL('/user/wallet');
  const bills = page.getByRole('region', { name: '账单明细' });
  const share = (fen: number) => `+${(Math.floor((fen * 70) / 100) / 100).toFixed(2)}`;
  await expect(
    bills
      .getByRole('listitem')
      .filter({ hasText: `小册《${plain.title}》售出分成` })
      .first(),
  ).toContainText(share(plain.price));
  await expect(
    bills
      .getByRole('listitem')
      .filter({ hasText: `小册《${discounted.title}》售出分成` })
      .first(),
  ).toContainText(share(lowerFen));

  // Withdraw 1 元.
  const before = Number(await page.getByTestId('wallet-amount').textContent());
  await page.getByRole('button', { name: '申请提现' }).click();
  const form = page.getByRole('dialog', { name: '申请提现' });
  await form.getByLabel('提现金额（元）').fill('1');
  await form.getByLabel('支付宝账号').fill('13800138000');
  await form.getByLabel('真实姓名').fill('金砂体验官');
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('提现申请已提交，等待审核')).toBeVisible();
  await expect(page.getByTestId('wallet-amount')).toHaveText((before - 1).toFixed(2));
  const applications = page.getByRole('region', { name: '提现记录' });
  await expect(applications.getByRole('listitem').first()).toContainText('审核中');

  // An administrator approves it in the console.
  await signInAs(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('link', { name: '提现审核' }).click();
  await expect(page).toHaveURL('/admin/withdrawals');
  const row = page.getByRole('row').filter({ hasText: '金砂体验官' }).filter({ hasText: '1.00' }).first();
  await row.getByRole('button', { name: '通过' }).click();
  await expect(page.getByText('已通过，请按申请信息打款')).toBeVisible();

  await signInAs(page, DEMO);
  await page.goto('/user/wallet');
  await expect(page.getByRole('region', { name: '提现记录' }).getByRole('listitem').first()).toContainText('已到账');
});

test('a forged sandbox page link opens nothing', async ({ page, consoleErrors }) => {
  const path = `/pay/sandbox/${'a'.repeat(24)}?sig=forged`;
  consoleErrors.allowFailedLoad(path, 403);
  const response = await page.goto(path);
  expect(response?.status()).toBe(403);
});
