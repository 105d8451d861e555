import { feedList, feedTitles, rowTitleLinks } from './support/feed.ts';
import { expect, test } from './support/fixtures.ts';

/** The six sorts of SPEC §5 with their tab labels; popular is the default and keeps the plain URL. */
const SORTS = [
  ['popular', '热门'],
  ['newest', '最新'],
  ['comment', '评论'],
  ['hottest', '最热'],
  ['weeklyHottest', '本周最热'],
  ['monthlyHottest', '本月最热'],
] as const;

test.describe('explore', () => {
  test('every sort tab loads its list', async ({ page }) => {
    await page.goto('/explore');
    await expect(page).toHaveTitle('探索 - 金砂');
    const sorts = page.getByRole('navigation', { name: '排序' });
    const list = feedList(page);
    await expect(rowTitleLinks(list).first()).toBeVisible();

    // 热门 is current on arrival, so it comes last: every click moves to another sort.
    for (const [sort, label] of [...SORTS.slice(1), SORTS[0]]) {
      await sorts.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(sort === 'popular' ? '/explore' : `/explore?sort=${sort}`);
      await expect(sorts.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(sorts.locator('[aria-current="page"]')).toHaveCount(1);
      await expect(rowTitleLinks(list).first()).toBeVisible();
      expect((await feedTitles(page)).length, `rows for ${sort}`).toBeGreaterThan(0);
    }
  });

  test('a sort from the URL is kept when the category changes', async ({ page }) => {
    await page.goto('/explore?sort=newest');
    await page.getByRole('navigation', { name: '分类' }).getByRole('link', { name: '后端', exact: true }).click();
    await expect(page).toHaveURL('/explore/backend?sort=newest');
    await expect(page).toHaveTitle('后端 - 探索 - 金砂');
    await expect(page.getByRole('navigation', { name: '排序' }).getByRole('link', { name: '最新' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(rowTitleLinks(feedList(page)).first()).toBeVisible();
  });

  test('an unknown sort is a 400 error view', async ({ page, consoleErrors }) => {
    consoleErrors.allowFailedLoad('/explore?sort=bogus', 400);
    const response = await page.goto('/explore?sort=bogus');
    expect(response?.status()).toBe(400);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: '错误' })).toBeVisible();
    await expect(page).toHaveTitle('错误 - 金砂');
    await expect(main.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    // A bad request shows the server's message (SPEC §5).
    await expect(main.getByText('invalid sort: bogus', { exact: true })).toBeVisible();
  });
});
