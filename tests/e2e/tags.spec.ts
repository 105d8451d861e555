import type { Page } from '@playwright/test';
import { DEMO_ACCOUNT, loginDialog, submitLogin } from './support/auth.ts';
import { entryIdOf, feedList, feedRows, rowTitleLinks } from './support/feed.ts';
import { expect, test } from './support/fixtures.ts';

/** A seeded tag with more than one page (20) of entries, for infinite scroll. */
const BIG_TAG = '前端';
/** The tag the journey subscribes to. */
const SUBSCRIBE_TAG = '大模型';

function tagPath(title: string, query = '') {
  return `/tag/${encodeURIComponent(title)}${query}`;
}

async function signIn(page: Page) {
  await page.goto('/');
  await submitLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(page).toHaveURL('/timeline');
}

/** Scrolls the feed (and presses 加载更多 when it shows) until a row links to `href`, or the feed ends. */
async function scrollUntilRow(page: Page, href: string): Promise<boolean> {
  const list = feedList(page);
  for (let round = 0; round < 20; round++) {
    if ((await list.locator(`a[href="${href}"]`).count()) > 0) return true;
    const more = list.getByRole('button', { name: '加载更多' });
    if ((await more.count()) === 0) return false;
    const before = await rowTitleLinks(list).count();
    await more.scrollIntoViewIfNeeded();
    await expect.poll(() => rowTitleLinks(list).count()).toBeGreaterThan(before);
  }
  return false;
}

test.describe('tag page', () => {
  test('shows the tag, sorts hottest by default and loads more on scroll', async ({ page }) => {
    const response = await page.goto(tagPath(BIG_TAG));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${BIG_TAG}标签 - 金砂`);
    const header = page.getByRole('main').getByRole('heading', { level: 1, name: BIG_TAG });
    await expect(header).toBeVisible();
    await expect(page.getByText(/\d+ 文章/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: `关注标签 ${BIG_TAG}` })).toBeVisible();

    const sorts = page.getByRole('navigation', { name: '排序' });
    await expect(sorts.getByRole('link', { name: '最热', exact: true })).toHaveAttribute('aria-current', 'page');
    const list = feedList(page);
    await expect(rowTitleLinks(list)).toHaveCount(20);
    // Every row carries the tag.
    const tagLinks = await list
      .getByRole('article')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('a[href^="/tag/"]')].map((a) => a.textContent)),
      );
    for (const tags of tagLinks) expect(tags).toContain(BIG_TAG);

    // The end of the list comes into view: the next page joins it.
    await list.getByRole('button', { name: '加载更多' }).scrollIntoViewIfNeeded();
    await expect.poll(() => rowTitleLinks(list).count()).toBeGreaterThan(20);
    const ids = (await feedRows(list)).map((row) => entryIdOf(row.href));
    expect(new Set(ids).size).toBe(ids.length);

    await sorts.getByRole('link', { name: '最新', exact: true }).click();
    await expect(page).toHaveURL(tagPath(BIG_TAG, '?sort=newest'));
    await expect(sorts.getByRole('link', { name: '最新', exact: true })).toHaveAttribute('aria-current', 'page');
    const times = await list.locator('time').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime') ?? ''));
    expect(times.length).toBeGreaterThan(0);
    expect([...times].sort().reverse()).toEqual(times);
  });

  test('an unknown tag is the not-found view, a bad sort the error view', async ({ page, consoleErrors }) => {
    consoleErrors.allowFailedLoad('/tag/no-such-tag-anywhere', 404);
    consoleErrors.allowFailedLoad(tagPath(BIG_TAG, '?sort=bogus'), 400);
    expect((await page.goto('/tag/no-such-tag-anywhere'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '找不到页面' })).toBeVisible();
    expect((await page.goto(tagPath(BIG_TAG, '?sort=bogus')))?.status()).toBe(400);
    await expect(page.getByText('invalid sort: bogus', { exact: true })).toBeVisible();
  });

  test('signed out, 关注 opens the login panel and sends nothing', async ({ page }) => {
    await page.goto(tagPath(SUBSCRIBE_TAG));
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/tag/tag/subscribe/')) calls.push(request.url());
    });
    await page.getByRole('button', { name: `关注标签 ${SUBSCRIBE_TAG}` }).click();
    await expect(loginDialog(page)).toBeVisible();
    expect(calls).toEqual([]);
  });

  test('SEO: canonical URL, Open Graph, RSS link; anonymous pages are cacheable and set no cookie', async ({
    page,
    request,
  }) => {
    const response = await page.goto(tagPath(BIG_TAG));
    const headers = response?.headers() ?? {};
    expect(headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(headers['set-cookie']).toBeUndefined();
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(new RegExp(`/tag/${encodeURIComponent(BIG_TAG)}$`));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${BIG_TAG}标签`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
    const feedHref = await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href');
    expect(feedHref).toMatch(/\/feed\/tag\//);
    const feed = await request.get(new URL(feedHref ?? '').pathname);
    expect(feed.headers()['content-type']).toMatch(/rss\+xml/);
    // The feed lists the tag's newest entries, as the page does with ?sort=newest.
    await page.goto(tagPath(BIG_TAG, '?sort=newest'));
    const newest = (await feedRows(feedList(page)))[0];
    expect(await feed.text()).toContain(`/${entryIdOf(newest.href)}</link>`);

    const home = await request.get('/');
    expect(home.headers()['cache-control']).toMatch(/^public, /);
    expect(home.headers()['set-cookie']).toBeUndefined();
    const sitemap = await request.get('/sitemap.xml');
    expect(await sitemap.text()).toContain('/sitemaps/pages.xml');
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: ');
  });

  test('a post page carries schema.org Article data', async ({ page }) => {
    await page.goto('/zhuanlan');
    const first = rowTitleLinks(feedList(page)).first();
    const title = ((await first.textContent()) ?? '').trim();
    await first.click();
    await expect(page).toHaveURL(/\/post\/[0-9a-z]{24}$/);
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const article = JSON.parse(json ?? '{}') as { '@type': string; headline: string };
    expect(article['@type']).toBe('Article');
    expect(article.headline).toBe(title);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  });
});

test.describe('subscribing', () => {
  test('a subscribed tag’s entries reach 我关注的, and the subscribe pages list it', async ({ page }) => {
    await signIn(page);
    await page.goto(tagPath(SUBSCRIBE_TAG, '?sort=newest'));
    const subscribers = page.getByTestId('tag-subscribers');
    // Start unsubscribed, whatever an earlier run left.
    const unsubscribe = page.getByRole('button', { name: `取消关注标签 ${SUBSCRIBE_TAG}` });
    if (await unsubscribe.isVisible()) {
      await unsubscribe.click();
      await expect(page.getByRole('button', { name: `关注标签 ${SUBSCRIBE_TAG}` })).toBeVisible();
    }
    const before = Number(await subscribers.textContent());
    const newest = (await feedRows(feedList(page)))[0];

    await page.getByRole('button', { name: `关注标签 ${SUBSCRIBE_TAG}` }).click();
    await expect(page.getByRole('button', { name: `取消关注标签 ${SUBSCRIBE_TAG}` })).toHaveText('已关注');
    await expect(subscribers).toHaveText(String(before + 1));
    await page.reload();
    await expect(page.getByRole('button', { name: `取消关注标签 ${SUBSCRIBE_TAG}` })).toBeVisible();

    await page.goto('/timeline/subscribe');
    await expect(
      page.getByRole('navigation', { name: '分类' }).getByRole('link', { name: '我关注的' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(await scrollUntilRow(page, newest.href), `${newest.title} on 我关注的`).toBe(true);

    await page.goto('/subscribe');
    await expect(page).toHaveURL('/subscribe/subscribed');
    const list = page.getByRole('list', { name: '标签列表' });
    await expect(list.getByRole('link', { name: SUBSCRIBE_TAG, exact: true })).toBeVisible();
    await list.getByRole('button', { name: `取消关注标签 ${SUBSCRIBE_TAG}` }).click();
    await expect(list.getByRole('button', { name: `关注标签 ${SUBSCRIBE_TAG}` })).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('list', { name: '标签列表' }).getByRole('link', { name: SUBSCRIBE_TAG, exact: true }),
    ).toHaveCount(0);
  });

  test('muting a tag hides its entries for the person, and unmuting brings them back', async ({ page }) => {
    await signIn(page);
    await page.goto(tagPath(SUBSCRIBE_TAG, '?sort=newest'));
    const newest = (await feedRows(feedList(page)))[0];
    const mute = page.getByRole('button', { name: '屏蔽', exact: true });
    await mute.click();
    await expect(page.getByText('已屏蔽该标签')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: '取消屏蔽' })).toHaveAttribute('aria-pressed', 'true');
    await expect(feedList(page).locator(`a[href="${newest.href}"]`)).toHaveCount(0);
    await page.getByRole('button', { name: '取消屏蔽' }).click();
    await expect(page.getByText('已取消屏蔽')).toBeVisible();
    await page.reload();
    await expect(feedList(page).locator(`a[href="${newest.href}"]`).first()).toBeVisible();
  });

  test('/subscribe/all lists tags with sort, search and paging', async ({ page }) => {
    await page.goto('/subscribe/all');
    await expect(page).toHaveTitle('全部标签 - 金砂');
    const list = page.getByRole('list', { name: '标签列表' });
    await expect(list.getByRole('listitem')).toHaveCount(40);
    await expect(page.getByRole('navigation', { name: '分页' })).toBeVisible();
    await page.getByRole('navigation', { name: '标签排序' }).getByRole('link', { name: '最新' }).click();
    await expect(page).toHaveURL('/subscribe/all?sort=new');

    const search = page.getByRole('search', { name: '搜索标签' });
    await search.getByRole('searchbox').fill(' 大模 ');
    await search.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/subscribe\/all\?sort=new&query=%E5%A4%A7%E6%A8%A1$/);
    await expect(list.getByRole('link', { name: SUBSCRIBE_TAG, exact: true })).toBeVisible();
    await list.getByRole('link', { name: SUBSCRIBE_TAG, exact: true }).click();
    await expect(page).toHaveURL(tagPath(SUBSCRIBE_TAG));
  });

  test('signed out, /subscribe/subscribed is for signed-in people only', async ({ page, consoleErrors }) => {
    consoleErrors.allowFailedLoad('/subscribe/subscribed', 401);
    await page.goto('/subscribe/subscribed');
    await expect(page).toHaveURL('/');
  });
});

test.describe('columns', () => {
  test('/zhuanlan lists column articles newest first with the weekly hottest aside', async ({ page }) => {
    await page.goto('/zhuanlan');
    await expect(page).toHaveTitle('专栏 - 金砂');
    const rows = await feedRows(feedList(page));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.href).toMatch(/^\/post\//);
    await expect(
      page.getByRole('navigation', { name: '排序' }).getByRole('link', { name: '最新', exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    const aside = page.getByRole('complementary').getByRole('region', { name: '本周最热' });
    await expect(aside).toBeVisible();
    expect(await aside.getByRole('listitem').count()).toBeLessThanOrEqual(6);

    await page.getByRole('navigation', { name: '分类' }).getByRole('link', { name: '后端', exact: true }).click();
    await expect(page).toHaveURL('/zhuanlan/backend');
    await expect(page).toHaveTitle('后端 - 专栏 - 金砂');
    for (const row of await feedRows(feedList(page))) expect(row.href).toMatch(/^\/post\//);
  });
});
