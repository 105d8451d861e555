import type { Page } from '@playwright/test';
import { DEMO_ACCOUNT, submitLogin, loginDialog } from './support/auth.ts';
import { clickUntilVisible, expect, test } from './support/fixtures.ts';

/** The seeded administrator (db/seed/content/people.ts, README.md). */
const ADMIN = { email: 'admin@jinsha.dev', password: 'jinsha-admin' } as const;

async function signInAs(page: Page, account: { email: string; password: string }) {
  await page.goto('/');
  await submitLogin(page, account.email, account.password);
  await expect(loginDialog(page)).toBeHidden();
}

test.describe('the admin console', () => {
  test('a normal user on /admin gets 403 and goes home with the alert Forbidden', async ({ page, consoleErrors }) => {
    await signInAs(page, DEMO_ACCOUNT);
    consoleErrors.allowFailedLoad('/admin', 403);
    const direct = await page.request.get('/admin');
    expect(direct.status()).toBe(403);
    await page.goto('/admin');
    await expect(page.getByRole('alert').filter({ hasText: 'Forbidden' })).toBeVisible();
    await expect(page).toHaveURL(/\/timeline$/);
  });

  test('the administrator sees the dashboard with its chart and the audit log', async ({ page }) => {
    await signInAs(page, ADMIN);
    await page.goto('/admin');
    const console = page.getByRole('navigation', { name: '管理后台' });
    await expect(console.getByRole('link', { name: '概览' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '概览' })).toBeVisible();
    // The seed wrote entries this week.
    await expect(page.getByTestId('week-entries')).not.toHaveText('0');
    await expect(page.getByTestId('dashboard-chart')).toBeVisible();
    await console.getByRole('link', { name: '操作日志' }).click();
    await expect(page.getByRole('heading', { name: '操作日志' })).toBeVisible();
  });

  test('hide with a reason, the author appeals, the administrator restores; both on /moderation', async ({ page }) => {
    // Three sign-ins through the login dialog and six pages: at load 13 on two cores it ran 32 s,
    // every step slow, none stuck.
    test.setTimeout(60_000);
    const reason = `标题与内容不符 ${Date.now().toString(36)}`;
    await signInAs(page, ADMIN);
    await page.goto(`/admin/content?type=entry&state=visible&author=${encodeURIComponent(DEMO_ACCOUNT.username)}`);
    const row = page.locator('tr[data-content-id]').first();
    const entryId = await row.getAttribute('data-content-id');
    expect(entryId).toBeTruthy();
    // Until the page has hydrated a click does nothing: click until the reason field opens.
    await clickUntilVisible(row.getByRole('button', { name: '隐藏' }), row.getByLabel('隐藏原因'));
    await row.getByLabel('隐藏原因').fill(reason);
    await row.getByRole('button', { name: '确认隐藏' }).click();
    // Hidden: it leaves the list of visible content.
    await expect(page.locator(`tr[data-content-id="${entryId}"]`)).toHaveCount(0);

    await page.context().clearCookies();
    await signInAs(page, DEMO_ACCOUNT);
    await page.goto(`/entry/${entryId}`);
    const notice = page.getByRole('status', { name: '内容已隐藏' });
    await expect(notice).toContainText(`原因：${reason}`);
    await notice.getByLabel('如有异议，你可以申诉一次：').fill('内容与标题一致，请复核');
    await notice.getByRole('button', { name: '提交申诉' }).click();
    await expect(notice).toContainText('你的申诉已提交');

    await page.context().clearCookies();
    await signInAs(page, ADMIN);
    await page.goto('/admin/reports?kind=appeal');
    const appeal = page.locator('tr[data-report-id]').filter({ hasText: '内容与标题一致，请复核' });
    await expect(async () => {
      await appeal.getByRole('button', { name: '恢复' }).click();
      // Resolved: it leaves the open queue.
      await expect(appeal).toHaveCount(0, { timeout: 1000 });
    }).toPass();

    await page.goto('/admin/audit');
    const audited = page.getByRole('row').filter({ hasText: reason });
    await expect(audited).toBeVisible();
    // The row names its target and links to it.
    await expect(audited.locator(`a[href="/entry/${entryId}"]`)).toBeVisible();
    await page.goto('/moderation');
    await expect(page.getByRole('row').filter({ hasText: reason })).toContainText('隐藏');
    await expect(page.getByRole('row').filter({ hasText: '恢复' }).first()).toBeVisible();
  });
});
