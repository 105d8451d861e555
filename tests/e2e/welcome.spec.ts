import { entriesByIds, entryIdOf, feedList, feedRows, feedTitles, rowTitleLinks } from './support/feed.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('welcome feed, signed out', () => {
  test('shows real entries, switches category and sort', async ({ page, request }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/金砂$/);
    const list = feedList(page);
    await expect(rowTitleLinks(list).nth(9)).toBeVisible();
    const home = await feedTitles(page);
    expect(home.length).toBeGreaterThanOrEqual(10);
    for (const title of home) expect(title.trim()).not.toBe('');

    const categories = page.getByRole('navigation', { name: '分类' });
    await expect(categories.getByRole('link', { name: '全部' })).toHaveAttribute('aria-current', 'page');
    await categories.getByRole('link', { name: '前端', exact: true }).click();
    await expect(page).toHaveURL('/welcome/frontend');
    await expect(categories.getByRole('link', { name: '前端', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle('前端 - 金砂');
    await expect.poll(() => feedTitles(page)).not.toEqual(home);

    const frontend = await feedRows(list);
    expect(frontend.length).toBeGreaterThanOrEqual(10);
    const shown = await entriesByIds(
      request,
      frontend.map((row) => entryIdOf(row.href)),
    );
    expect(shown.map((entry) => entry.title)).toEqual(frontend.map((row) => row.title));
    for (const entry of shown) expect(entry.category.name, entry.title).toBe('frontend');

    const sorts = page.getByRole('navigation', { name: '排序' });
    await expect(sorts.getByRole('link', { name: '热门' })).toHaveAttribute('aria-current', 'page');
    await sorts.getByRole('link', { name: '最新' }).click();
    await expect(page).toHaveURL('/welcome/frontend?sort=newest');
    await expect(sorts.getByRole('link', { name: '最新' })).toHaveAttribute('aria-current', 'page');
    const popularTitles = frontend.map((row) => row.title);
    await expect.poll(() => feedTitles(page)).not.toEqual(popularTitles);

    // Newest first, and still only this category.
    const newest = await entriesByIds(
      request,
      (await feedRows(list)).map((row) => entryIdOf(row.href)),
    );
    const times = newest.map((entry) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const entry of newest) expect(entry.category.name, entry.title).toBe('frontend');
  });

  test('scrolling to the end loads more entries without duplicates', async ({ page }) => {
    await page.goto('/');
    const list = feedList(page);
    const titles = rowTitleLinks(list);
    await expect(titles.nth(9)).toBeVisible();
    const first = await titles.count();

    for (const atLeast of [first + 1, first * 2 + 1]) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect
        .poll(() => titles.count(), { message: 'rows after scrolling to the end' })
        .toBeGreaterThanOrEqual(atLeast);
      await expect(list.locator('[aria-busy="true"]')).toHaveCount(0);
    }

    const rows = await feedRows(list);
    expect(new Set(rows.map((row) => row.href)).size, 'distinct entry links').toBe(rows.length);
    expect(new Set(rows.map((row) => row.title)).size, 'distinct titles').toBe(rows.length);
  });
});
