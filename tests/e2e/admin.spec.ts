import type { Page } from '@playwright/test';
import { DEMO_ACCOUNT, submitLogin, loginDialog } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

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
});
