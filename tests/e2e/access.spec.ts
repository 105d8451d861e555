import { loginDialog } from './support/auth.ts';
import { feedList, rowTitleLinks } from './support/feed.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('access rules', () => {
  test('signed out, the timeline answers 401 and sends the visitor home to log in', async ({ page, consoleErrors }) => {
    consoleErrors.allowFailedLoad('/timeline', 401);
    const response = await page.goto('/timeline');
    expect(response?.status()).toBe(401);
    await expect(page).toHaveURL('/');
    await expect(loginDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(loginDialog(page)).toBeHidden();
    await expect(rowTitleLinks(feedList(page)).first()).toBeVisible();
  });

  for (const path of ['/entry/abc', '/entry/ffffffffffffffffffffffff', '/post/abc', '/no-such-page']) {
    test(`${path} is 404 找不到页面 with a way home`, async ({ page, consoleErrors }) => {
      consoleErrors.allowFailedLoad(path, 404);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: '找不到页面' })).toBeVisible();
      await expect(page).toHaveTitle('找不到页面 - 金砂');

      await main.getByRole('link', { name: '返回首页' }).click();
      await expect(page).toHaveURL('/');
      await expect(rowTitleLinks(feedList(page)).first()).toBeVisible();
    });
  }
});
