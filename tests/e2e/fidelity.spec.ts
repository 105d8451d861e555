import type { Page } from '@playwright/test';
import { header } from './support/auth.ts';
import { feedList, feedRows, rowTitleLinks } from './support/feed.ts';
import { expect, test } from './support/fixtures.ts';
import { unique } from './support/unique.ts';

/**
 * Issue 12, what a careful reader saw: search paging past the end, the resend-verification
 * action, the narrow header for visitors, author names on article pages, the header on a jump.
 */

async function searchHeading(page: Page) {
  return page.getByRole('region', { name: '搜索结果' }).getByRole('heading', { level: 1 });
}

test.describe('search paging', () => {
  test('a page past the last one lands on the last one, and no results say 共 0 篇', async ({ page }) => {
    await page.goto(`/search?${new URLSearchParams({ query: '前端', page: '999' })}`);
    const last = Number(new URL(page.url()).searchParams.get('page'));
    expect(last).toBeGreaterThanOrEqual(1);
    expect(last).toBeLessThan(999);
    const results = page.getByRole('region', { name: '搜索结果' });
    await expect(rowTitleLinks(results).first()).toBeVisible();
    if (last > 1) await expect(results.getByText(`第 ${last} / ${last} 页`)).toBeVisible();

    await page.goto(`/search?${new URLSearchParams({ query: `没有这个词${unique()}`, page: '3' })}`);
    expect(new URL(page.url()).searchParams.get('page')).toBe('1');
    await expect(await searchHeading(page)).toContainText('共 0 篇');
    await expect(page.getByText('没有找到相关文章，换个关键词试试')).toBeVisible();
    await expect(page.getByText(/第 \d+ \/ \d+ 页/)).toHaveCount(0);
  });
});

test.describe('settings: an unverified e-mail', () => {
  test('can have its verification mail sent again, and the mailed link verifies it', async ({ page }) => {
    const username = `e2e_${unique()}`;
    const email = `${username}@jinsha.test`;
    await page.goto('/');
    // Registration signs in (page.request shares the browser's cookies).
    const created = await page.request.post('/api/user/v1/createUser', {
      data: { email, username, password: 'secret-123' },
    });
    expect(created.status(), await created.text()).toBe(200);
    await page.goto('/user/settings/account');
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('未验证')).toBeVisible();
    await page.getByRole('button', { name: '重新发送验证邮件' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `验证邮件已发送到 ${email}` })
        .last(),
    ).toBeVisible();

    const tab = await page.context().newPage();
    await tab.goto(`/dev/outbox?fresh=${unique()}`);
    const rows = tab.locator(`li[data-channel="mail"][data-recipient="${email}"]`);
    // One at registration, one from the button.
    await expect(rows).toHaveCount(2);
    const href = await rows
      .first()
      .getByRole('link', { name: /verify-email/ })
      .getAttribute('href');
    await tab.close();
    const link = new URL(href as string);
    await page.goto(link.pathname + link.search);
    await page.goto('/user/settings/account');
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('未验证')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '重新发送验证邮件' })).toHaveCount(0);
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a visitor has 登录, 注册 and the write promo in the header, and the page does not overflow', async ({
    page,
  }) => {
    await page.goto('/');
    const banner = header(page);
    await expect(banner.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    await expect(banner.getByRole('button', { name: '注册', exact: true })).toBeVisible();
    const write = banner.getByRole('button', { name: '写文章' });
    await expect(write).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(390);
    await write.click();
    await expect(page.getByRole('dialog').getByText('在这里写下你的技术文章')).toBeVisible();
    await page.keyboard.press('Escape');
    await banner.getByRole('button', { name: '注册', exact: true }).click();
    await expect(page.getByRole('dialog', { name: '注册' })).toBeVisible();
  });

  test('an article shows its author’s whole name; the job title gives way', async ({ page }) => {
    await page.goto('/');
    const rows = await feedRows(feedList(page));
    const row = rows.find((r) => Array.from(r.author).length >= 8 && !r.host) ?? rows[0];
    await page.goto(row.href);
    const name = page.getByTestId('author-name');
    await expect(name).toHaveText(row.author);
    const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(cut, `${row.author} is cut`).toBe(false);
  });
});

test('the header hides when the page jumps past 400 px in one scroll and returns on the way up', async ({ page }) => {
  await page.goto('/');
  await expect(rowTitleLinks(feedList(page)).first()).toBeVisible();
  const banner = header(page);
  const hidden = () => banner.evaluate((el) => el.getBoundingClientRect().bottom <= 0);
  // A jump before the page has hydrated is not seen (no listener yet): jump again until it is.
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(() => window.scrollTo(0, 1200));
      // The throttle's trailing call (100 ms) and the header's slide (200 ms).
      await page.waitForTimeout(400);
      return hidden();
    })
    .toBe(true);
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(hidden).toBe(false);
});

test.describe('what makes it look finished', () => {
  test('feed rows carry lazy cover thumbnails, and a dead one leaves no grey box', async ({ page, consoleErrors }) => {
    await page.goto('/');
    const thumbs = feedList(page).locator('li.er > article > img');
    await expect(thumbs.first()).toBeVisible();
    await expect(thumbs.first()).toHaveAttribute('loading', 'lazy');
    await expect(thumbs.first()).toHaveAttribute('width', '120');
    await expect(thumbs.first()).toHaveAttribute('height', '80');
    const box = await thumbs.first().boundingBox();
    const card = await feedList(page).boundingBox();
    expect(box && card && box.x + box.width > card.x + card.width * 0.7, 'thumbnail on the right').toBe(true);

    consoleErrors.allow(/\/covers\/\d+\.svg: Failed to load resource: .*status of 404/);
    await page.route('**/covers/*.svg', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/?fresh=dead-covers');
    await expect(rowTitleLinks(feedList(page)).first()).toBeVisible();
    // The rows on screen (lazy images below the fold are never asked for).
    const rows = feedList(page).getByRole('article');
    for (let i = 0; i < 5; i++) await expect(rows.nth(i).locator('img')).toHaveCount(0);
  });

  test('built-in tags have icons and the sign-in dialog shows the providers’ own marks', async ({ page }) => {
    await page.goto('/subscribe/all');
    const icons = page.locator('img[src^="/tags/"]');
    await expect(icons.first()).toBeVisible();
    expect(await icons.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await header(page).getByRole('button', { name: '登录', exact: true }).click();
    const github = page.getByRole('dialog', { name: '登录' }).getByRole('button', { name: '使用GitHub登录' });
    await expect(github).toBeVisible();
    // GitHub's octocat mark, not a generic glyph.
    await expect(github.locator('svg path')).toHaveAttribute('d', /^M12 \.297c-6\.63/);
  });
});

test('an article kept in a collection names it beside the related entries, and the link opens it', async ({ page }) => {
  const sets = await page.request.get('/api/collection/homeCollectionSet?page=0&rankType=hot');
  const { d } = (await sets.json()) as { d: { collectionSets: Array<{ id: string; title: string }> } };
  const collection = d.collectionSets[0];
  const listed = await page.request.get(`/api/collection/getCollectionSetEntries?page=0&csId=${collection.id}`);
  const entries = (
    (await listed.json()) as { d: { entrylist: Array<{ id: string; type: string; originalUrl: string }> } }
  ).d.entrylist;
  const entry = entries.find((e) => e.type === 'article') ?? entries[0];
  await page.goto(entry.type === 'post' ? `/post/${entry.id}` : `/entry/${entry.id}`);
  const aside = page.getByRole('region', { name: '相关收藏集' });
  await expect(aside).toBeVisible();
  const link = aside.getByRole('link').first();
  const title = ((await link.textContent()) ?? '').trim();
  await link.click();
  await expect(page).toHaveURL(/\/collection\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});
