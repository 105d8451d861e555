import { header } from './support/auth.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';

test.describe('theme', () => {
  test('dark mode is remembered and applied before the page hydrates', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);

    await header(page)
      .getByRole('button', { name: /^主题：/ })
      .click();
    await page.getByRole('menuitemradio', { name: '深色' }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(header(page).getByRole('button', { name: '主题：深色' })).toBeVisible();

    // The head script sets the class while the document is parsed, before any module runs.
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.waitForLoadState('load');
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(header(page).getByRole('button', { name: '主题：深色' })).toBeVisible();

    // Client navigation keeps it, and 浅色 takes it away again.
    await page.getByRole('navigation', { name: '分类' }).getByRole('link', { name: '后端', exact: true }).click();
    await expect(page).toHaveURL('/welcome/backend');
    await expect(html).toHaveClass(/\bdark\b/);
    await header(page).getByRole('button', { name: '主题：深色' }).click();
    await page.getByRole('menuitemradio', { name: '浅色' }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
  });

  test('跟随系统 follows the operating system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/explore');
    const html = page.locator('html');
    await expect(html).toHaveClass(/\bdark\b/);
    const toggle = header(page).getByRole('button', { name: '主题：跟随系统' });
    await expect(toggle).toBeVisible();
    // The page listens to the system's scheme once hydrated: switch it after that.
    await waitForHydration(toggle);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/\bdark\b/);
  });
});
