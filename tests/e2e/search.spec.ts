import { headerSearch } from './support/auth.ts';
import { rowTitleLinks } from './support/feed.ts';
import { expect, holdScripts, test, waitForHydration } from './support/fixtures.ts';

const QUERY = '服务端渲染';

test.describe('header search box', () => {
  test('keeps at most 32 characters', async ({ page }) => {
    await page.goto('/');
    const box = headerSearch(page);
    await box.click();
    await box.pressSequentially('a'.repeat(40));
    await expect(box).toHaveValue('a'.repeat(32));
  });

  test('whitespace only does nothing', async ({ page }) => {
    await page.goto('/explore');
    const searches: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/search')) searches.push(request.url());
    });
    const box = headerSearch(page);
    // Before hydration the box is a plain GET form that sends whatever it holds; this is the
    // hydrated box's rule.
    await waitForHydration(box);
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL('/explore');
    await expect(box).toHaveValue('   ');

    // A real search afterwards is the first and only one: the blank one never left the page.
    await box.fill(QUERY);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(searches.map((url) => new URL(url).searchParams.get('query'))).toEqual([QUERY]);
  });

  test.describe('before hydration', () => {
    // This journey types while the scripts are held: it must not wait for hydration to act.
    test.use({ awaitHydration: false });

    test('words typed before the scripts have run survive hydration', async ({ page }) => {
      // Hold the page's scripts until the words are in the box, then let React hydrate around them.
      const releaseScripts = await holdScripts(page);
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      const box = headerSearch(page);
      await box.fill(QUERY);
      releaseScripts();
      await waitForHydration(box);
      await expect(box).toHaveValue(QUERY);
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search');
      expect(new URL(page.url()).searchParams.get('query')).toBe(QUERY);
    });
  });

  test('trims the words and shows the results with the words marked', async ({ page }) => {
    await page.goto('/');
    const box = headerSearch(page);
    await box.fill(`  ${QUERY}  `);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(page.url()).searchParams.get('query')).toBe(QUERY);
    await expect(page).toHaveTitle(`搜索 ${QUERY} - 金砂`);

    const results = page.getByRole('region', { name: '搜索结果' });
    await expect(results.getByRole('heading', { level: 1 })).toContainText(`“${QUERY}” 的搜索结果`);
    await expect(rowTitleLinks(results).first()).toBeVisible();
    const marks = results.locator('mark');
    await expect(marks.first()).toBeVisible();
    for (const word of await marks.allInnerTexts()) expect(QUERY, `marked word ${word}`).toContain(word);
    // The box shows what was searched for, trimmed.
    await expect(box).toHaveValue(QUERY);
  });
});
