import type { Page } from '@playwright/test';
import { loginDialog, submitLogin } from './support/auth.ts';
import { clickUntilVisible, expect, test } from './support/fixtures.ts';

/** The seeded administrator (db/seed/content/people.ts, README.md). */
const ADMIN = { email: 'admin@jinsha.dev', password: 'jinsha-admin' } as const;

async function signInAsAdmin(page: Page) {
  await page.goto('/');
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await expect(loginDialog(page)).toBeHidden();
}

test('the administrator suspends a person from /admin/people and sets a banner that runs now on the home page', async ({
  page,
}) => {
  // Two people, four pages and up to 15 s for the page cache's grace period: at load 15 on two
  // cores it ran 39 s, every step slow, none stuck.
  test.setTimeout(60_000);
  const reason = `刷屏 ${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await page.goto('/admin/people');
  const row = page
    .locator('tr[data-person-id]')
    .filter({ has: page.getByRole('button', { name: '封禁' }) })
    .first();
  await clickUntilVisible(row.getByRole('button', { name: '封禁' }), page.getByLabel('原因'));
  await page.getByLabel('原因').fill(reason);
  await page.getByRole('button', { name: '确认封禁' }).click();
  const suspended = page.locator('tr[data-person-id]').filter({ hasText: reason });
  await expect(suspended).toContainText('封禁至');
  // Lift it again (other journeys use the seeded people), confirmed in a dialog.
  await suspended.getByRole('button', { name: '解除封禁' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '解除' }).click();
  await expect(page.locator('tr[data-person-id]').filter({ hasText: reason })).toHaveCount(0);

  const text = `金砂横幅 ${Date.now().toString(36)}`;
  await page.goto('/admin/banners');
  await page.getByRole('button', { name: '新建横幅' }).click();
  await page.getByLabel('链接').fill('/events');
  await page.getByLabel('文字（每行一条，最多 3 行）').fill(text);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('tr[data-banner-id]').filter({ hasText: text })).toContainText('展示中');

  // Another visitor, signed out, sees it in the home page's aside, linking where it was set to. (A
  // new browser context: this one keeps the signed-out home page it loaded before signing in, for
  // its max-age, as any browser may.) The server's anonymous page cache may answer with the page
  // rendered before the change for CACHE_GRACE_MS, and the browser then keeps that copy for its
  // max-age: a reload, which asks the server again, shows the banner once the grace is over.
  const visitor = await page.context().browser()?.newContext();
  if (!visitor) throw new Error('no browser to open a second context in');
  const home = await visitor.newPage();
  const banner = home.getByRole('complementary', { name: '侧栏' }).getByRole('link', { name: text });
  await home.goto('/');
  await expect(async () => {
    await home.reload();
    await expect(banner).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(banner).toHaveAttribute('href', '/events');
  await visitor.close();
});
