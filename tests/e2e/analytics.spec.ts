import type { Browser, Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNT, avatarMenuButton } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Signs the page's browser context in as the demo account through the API (the cookie lands in the context). */
async function signInDemo(page: Page) {
  const response = await page.request.post('/api/passport/auth/type/email', {
    data: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  expect(response.status()).toBe(200);
}

/** The "今日 N" line of a total card. */
async function todayOf(card: Locator): Promise<number> {
  const text = (await card.getByText(/^今日 \d+$/).textContent()) ?? '';
  return Number(text.replace('今日 ', ''));
}

/** Opens the article in a fresh browser context with that user agent and waits for its view call's answer. */
async function readAs(browser: Browser, href: string, userAgent?: string) {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  const reader = await context.newPage();
  const counted = reader.waitForResponse((response) => response.url().includes('/api/view/getEntryView'));
  await reader.goto(href);
  const answer = (await (await counted).json()) as { d: { counted: boolean } };
  await context.close();
  return answer.d.counted;
}

test.describe('author analytics', () => {
  test('a read shows in the author’s numbers for today; a search-engine bot leaves nothing', async ({
    page,
    browser,
  }) => {
    await signInDemo(page);
    await page.goto('/published');
    // Reached from where an author looks: the user menu and /published.
    await avatarMenuButton(page).click();
    await page.getByRole('menuitem', { name: '创作数据' }).click();
    await expect(page).toHaveURL('/analytics');
    await expect(page.getByRole('heading', { level: 1, name: '创作数据' })).toBeVisible();
    await expect(page).toHaveTitle(/创作数据 - 金砂$/);

    const viewsCard = page.getByTestId('total-views');
    const before = await todayOf(viewsCard);
    const table = page.getByRole('region', { name: /文章数据/ });
    const firstRow = table.getByRole('row').nth(1);
    const title = (await firstRow.getByRole('link').first().textContent()) ?? '';
    const href = (await firstRow.getByRole('link', { name: '阅读原文' }).getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/(entry|post)\/[0-9a-f]{24}$/);
    // The charts come from the chart library, loaded with this page.
    await expect(page.locator('.uplot canvas').first()).toBeVisible();

    // Googlebot reads it: nothing is counted.
    expect(await readAs(browser, href, GOOGLEBOT)).toBe(false);
    await page.reload();
    await expect(viewsCard).toBeVisible();
    expect(await todayOf(viewsCard)).toBe(before);

    // A visitor reads it: today's views go up by one, in all and for the article.
    expect(await readAs(browser, href)).toBe(true);
    await page.reload();
    await expect.poll(() => todayOf(viewsCard)).toBe(before + 1);

    await table.getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '文章数据' })).toBeVisible();
    await expect(page.getByText(`《${title}》`)).toBeVisible();
    expect(await todayOf(page.getByTestId('total-views'))).toBeGreaterThanOrEqual(1);

    // 90 days, then the daily table has 90 rows.
    await page.getByRole('link', { name: '近 90 天' }).click();
    await expect(page).toHaveURL(/days=90/);
    await page.getByText('按日数据表').click();
    await expect(page.locator('details table tbody tr')).toHaveCount(90);
  });

  test('signed out, /analytics answers 401 and sends the visitor home', async ({ page, consoleErrors }) => {
    consoleErrors.allowFailedLoad('/analytics', 401);
    const response = await page.goto('/analytics');
    expect(response?.status()).toBe(401);
  });
});
