import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** One row of an entry feed as the reader sees it. */
export interface FeedRow {
  title: string;
  href: string;
  /** The shared link's host shown after the title, e.g. "github.com"; empty for articles. */
  host: string;
  author: string;
}

/** The card that holds a feed's rows (welcome, explore, timeline). */
export function feedList(page: Page): Locator {
  return page.getByRole('region', { name: '文章列表' });
}

/** The title links of the rows: one per entry, its name the entry's title. */
export function rowTitleLinks(scope: Locator): Locator {
  return scope.getByRole('article').getByRole('heading', { level: 2 }).getByRole('link');
}

export async function feedTitles(page: Page): Promise<string[]> {
  return rowTitleLinks(feedList(page)).allInnerTexts();
}

/** The rows with their links, read from the page (ids change with every seeding). */
export async function feedRows(scope: Locator): Promise<FeedRow[]> {
  return scope.getByRole('article').evaluateAll((articles) =>
    articles.map((article) => {
      const heading = article.querySelector('h2');
      const link = heading?.querySelector('a');
      return {
        title: link?.textContent?.trim() ?? '',
        href: link?.getAttribute('href') ?? '',
        host: heading?.querySelector('span')?.textContent?.replace(/[()]/g, '').trim() ?? '',
        author: article.querySelector('a[href^="/user/"]')?.textContent?.trim() ?? '',
      };
    }),
  );
}

/** The id at the end of an entry link such as /entry/{id} or /post/{id}. */
export function entryIdOf(href: string): string {
  const id = href.split('/').pop() ?? '';
  expect(id, `entry link ${href}`).toMatch(/^[0-9a-zA-Z]{24}$/);
  return id;
}

export interface ApiEntry {
  id: string;
  title: string;
  createdAt: string;
  category: { name: string; title: string };
}

/** The entries behind some feed links, through the public API, to check what the page shows. */
export async function entriesByIds(request: APIRequestContext, ids: string[]): Promise<ApiEntry[]> {
  const response = await request.get('/api/timeline/get_entry_by_ids', { params: { entryIds: ids.join('|') } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { d: { entrylist: ApiEntry[] } };
  return body.d.entrylist;
}
