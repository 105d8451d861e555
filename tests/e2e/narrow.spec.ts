import type { Page } from '@playwright/test';
import { feedList, feedRows, rowTitleLinks } from './support/feed.ts';
import { expect, test } from './support/fixtures.ts';

const WIDTH = 360;

test.use({ viewport: { width: WIDTH, height: 740 } });

function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);
}

test.describe('narrow screen (360×740)', () => {
  test('the home page fits and the navigation collapses to the current section', async ({ page }) => {
    await page.goto('/');
    await expect(rowTitleLinks(feedList(page)).first()).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);

    const nav = page.getByRole('navigation', { name: '主导航' });
    const current = nav.getByRole('button', { name: '首页' });
    await expect(current).toBeVisible();
    await expect(nav.getByRole('link', { name: '小册' })).toBeHidden();

    await current.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('menuitem', { name: '小册' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // The search box folds into an icon and opens over the header.
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('searchbox', { name: '搜索' })).toBeHidden();
    await banner.getByRole('button', { name: '搜索', expanded: false }).click();
    await expect(banner.getByRole('searchbox', { name: '搜索' })).toBeFocused();
    await banner.getByRole('button', { name: '关闭搜索' }).click();
    await expect(banner.getByRole('searchbox', { name: '搜索' })).toBeHidden();
  });

  test('an article with code fits the screen', async ({ page }) => {
    await page.goto('/');
    const rows = await feedRows(feedList(page));
    const article = rows.find((row) => row.href.startsWith('/post/'));
    expect(article, 'a column article in the feed').toBeDefined();
    if (!article) return;
    await page.goto(article.href);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(article.title);
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  });
});
