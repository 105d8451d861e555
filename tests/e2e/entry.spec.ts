import { type FeedRow, feedList, feedRows, rowTitleLinks } from './support/feed.ts';
import { expect, test } from './support/fixtures.ts';

/** How many written articles of the feed to try before giving up on finding one with code. */
const ARTICLE_TRIES = 8;

/** Entries of the feed with a body (not shared links): column articles first, as they are all long reads. */
function writtenArticles(rows: FeedRow[]): FeedRow[] {
  const written = rows.filter((row) => row.host === '');
  return [
    ...written.filter((row) => row.href.startsWith('/post/')),
    ...written.filter((row) => !row.href.startsWith('/post/')),
  ];
}

test.describe('entry page', () => {
  test('an article opened from the feed shows its title, author and rendered body', async ({ page }) => {
    await page.goto('/');
    const list = feedList(page);
    await expect(rowTitleLinks(list).first()).toBeVisible();
    const candidates = writtenArticles(await feedRows(list)).slice(0, ARTICLE_TRIES);
    expect(candidates.length, 'written articles in the feed').toBeGreaterThan(0);

    // Not every article has code: open them from the feed in turn until one does.
    let article: FeedRow | undefined;
    for (const candidate of candidates) {
      await rowTitleLinks(list).filter({ hasText: candidate.title }).first().click();
      await expect(page).toHaveURL(candidate.href);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(candidate.title);
      if ((await page.getByRole('main').locator('pre code.hljs').count()) > 0) {
        article = candidate;
        break;
      }
      await page.goBack();
      await expect(rowTitleLinks(list).first()).toBeVisible();
    }
    expect(article, `an article with code among ${candidates.map((c) => c.title).join('、')}`).toBeDefined();
    if (!article) return;
    await expect(page).toHaveTitle(`${article.title} - 金砂`);

    const body = page.getByRole('main').getByRole('article');
    await expect(body.getByRole('heading', { level: 1 })).toHaveText(article.title);
    await expect(body.getByRole('link', { name: article.author, exact: true })).toBeVisible();

    // Headings are numbered heading-0, heading-1… and code blocks come highlighted.
    await expect(body.getByRole('heading').and(page.locator('#heading-0'))).toBeVisible();
    const code = body.locator('pre code.hljs').first();
    await expect(code).toBeVisible();
    await expect(code.locator('[class^="hljs-"]').first()).toBeAttached();
  });

  test('a shared link shows where it leads', async ({ page }) => {
    await page.goto('/');
    const list = feedList(page);
    await expect(rowTitleLinks(list).first()).toBeVisible();
    const shared = (await feedRows(list)).find((row) => row.host !== '');
    expect(shared, 'a shared link in the feed').toBeDefined();
    if (!shared) return;

    await rowTitleLinks(list).filter({ hasText: shared.title }).first().click();
    await expect(page).toHaveURL(shared.href);
    await expect(page).toHaveTitle(`${shared.title} - 金砂`);
    const body = page.getByRole('main').getByRole('article');
    await expect(body.getByRole('heading', { level: 1 })).toHaveText(shared.title);

    const original = body.getByRole('link', { name: /阅读原文/ });
    await expect(original).toBeVisible();
    await expect(original).toContainText(shared.host);
    const href = await original.getAttribute('href');
    const target = new URL(href ?? '', page.url()).searchParams.get('target') ?? '';
    expect(new URL(href ?? '', page.url()).pathname).toBe('/link');
    expect(new URL(target).host).toBe(shared.host);
    await expect(original).toContainText(target);
  });
});
