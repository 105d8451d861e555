import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { xml2js, type Element } from 'xml-js';
import type { Database } from '@db/client.ts';
import { createApp } from '@server/app.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createTag } from '../../../tests/factories/tags.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { type TestApp, TEST_ORIGIN, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { SUID_COOKIE } from '../../http/request-context.ts';
import { PRIVATE_NO_STORE } from '@core/cache-control.ts';
import { PUBLIC_PAGE_CACHE } from '../../http/cache-control.ts';

let database: Database;
let app: TestApp;

setUpTestApp({ categories: true }, (opened) => ({ database, app } = opened));

/** Parses strictly (xml-js uses sax in strict mode): a malformed document throws. */
function parseXml(text: string): Element {
  return xml2js(text, { compact: false }) as Element;
}

function textsOf(node: Element, name: string): string[] {
  const found: string[] = [];
  const visit = (element: Element) => {
    if (element.name === name) {
      const text = element.elements?.find((child) => child.type === 'text' || child.type === 'cdata');
      found.push(String(text?.text ?? text?.cdata ?? ''));
    }
    for (const child of element.elements ?? []) visit(child);
  };
  visit(node);
  return found;
}

async function get(path: string, init?: RequestInit) {
  const response = await app.request(path, init);
  return { response, text: await response.text() };
}

describe('robots.txt and the sitemap', () => {
  it('robots.txt names the sitemap and keeps crawlers out of private pages', async () => {
    const { response, text } = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(text).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /timeline');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('lists the pages, the tags and the entries by month, all well-formed', async () => {
    const tag = await createTag(database.db, { title: 'Rust<&>' });
    const article = await createEntry(database.db, { tagIds: [tag.id], createdAt: new Date(Date.UTC(2026, 2, 15)) });
    const post = await createEntry(database.db, { type: 'post', createdAt: new Date(Date.UTC(2026, 2, 16)) });
    const index = await get('/sitemap.xml');
    expect(index.response.status).toBe(200);
    expect(index.response.headers.get('content-type')).toMatch(/xml/);
    expect(index.response.headers.get('cache-control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const files = textsOf(parseXml(index.text), 'loc');
    expect(files).toContain(`${TEST_ORIGIN}/sitemaps/pages.xml`);
    expect(files).toContain(`${TEST_ORIGIN}/sitemaps/tags-0.xml`);
    expect(files).toContain(`${TEST_ORIGIN}/sitemaps/entries-2026-03.xml`);

    const march = textsOf(parseXml((await get('/sitemaps/entries-2026-03.xml')).text), 'loc');
    expect(march).toEqual([`${TEST_ORIGIN}/post/${post.id}`, `${TEST_ORIGIN}/entry/${article.id}`]);
    const tags = textsOf(parseXml((await get('/sitemaps/tags-0.xml')).text), 'loc');
    expect(tags).toContain(`${TEST_ORIGIN}/tag/${encodeURIComponent('Rust<&>')}`);
    const pages = textsOf(parseXml((await get('/sitemaps/pages.xml')).text), 'loc');
    expect(pages).toContain(`${TEST_ORIGIN}/`);
    expect(pages).toContain(`${TEST_ORIGIN}/explore/frontend`);
    expect(pages).toContain(`${TEST_ORIGIN}/zhuanlan/ai`);
    expect((await get('/sitemaps/entries-2026-13.xml')).response.status).toBe(404);
    expect((await get('/sitemaps/nothing.xml')).response.status).toBe(404);
  });
});

describe('RSS feeds', () => {
  it('serve the home list, a category, a column, a tag and a user as well-formed RSS with their entries', async () => {
    const author = await createUser(database.db, { username: `作者_${Date.now() % 100000}` });
    const tag = await createTag(database.db, { title: `订阅源-${Date.now() % 100000}` });
    const article = await createEntry(database.db, {
      userId: author.id,
      category: 'backend',
      tagIds: [tag.id],
      title: '标题里有 <script> & “引号”',
      abstract: '摘要 <b>不是</b> HTML',
    });
    const post = await createEntry(database.db, {
      userId: author.id,
      category: 'backend',
      type: 'post',
      title: '专栏文章',
    });
    const cases: Array<[string, string[]]> = [
      ['/feed', [article.id, post.id]],
      ['/feed/backend', [article.id, post.id]],
      ['/feed/zhuanlan', [post.id]],
      ['/feed/zhuanlan/backend', [post.id]],
      [`/feed/tag/${encodeURIComponent(tag.title)}`, [article.id]],
      [`/feed/user/${author.id}`, [post.id, article.id]],
    ];
    for (const [path, ids] of cases) {
      const { response, text } = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/rss\+xml/);
      const doc = parseXml(text);
      const links = textsOf(doc, 'link');
      for (const id of ids)
        expect(
          links.some((link) => link.endsWith(id)),
          `${path} has ${id}`,
        ).toBe(true);
      if (path.includes('zhuanlan'))
        expect(
          links.some((link) => link.endsWith(article.id)),
          path,
        ).toBe(false);
    }
    const titles = textsOf(parseXml((await get(`/feed/user/${author.id}`)).text), 'title');
    expect(titles).toContain('标题里有 <script> & “引号”');
    for (const path of ['/feed/cooking', '/feed/tag/no-such-tag', '/feed/user/short', `/feed/user/${'0'.repeat(24)}`]) {
      expect((await get(path)).response.status, path).toBe(404);
    }
  });
});

describe('page cache headers', () => {
  /** The real app with a stand-in page handler that renders who is looking, like a loader would. */
  function appWithPages(readSuid: boolean, cacheControl?: string) {
    return createApp({
      database,
      adapters: app.adapters,
      env: app.env,
      logger: pino({ level: 'silent' }),
      pages: async (_request, ctx) => {
        const visitor = readSuid ? ctx.suid : 'none';
        return new Response(`<html>${ctx.viewer ? ctx.viewer.username : 'anonymous'} ${visitor}</html>`, {
          headers: {
            'Content-Type': 'text/html; charset=utf-8',
            ...(cacheControl ? { 'Cache-Control': cacheControl } : {}),
          },
        });
      },
    });
  }

  it('lets a shared cache keep anonymous pages, which set no cookie', async () => {
    const pages = appWithPages(false);
    const response = await pages.request(`${TEST_ORIGIN}/explore`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE);
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(response.headers.get('vary')).toMatch(/Cookie/);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('keeps the no-store a page showing a token asks for, even for anonymous visitors', async () => {
    const response = await appWithPages(false, 'private, no-store').request(`${TEST_ORIGIN}/verify-email?mail_token=x`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('keeps signed-in pages private and uncached', async () => {
    const user = await createUser(database.db);
    const cookie = await signIn(app, user);
    const response = await appWithPages(false).request(`${TEST_ORIGIN}/explore`, { headers: { cookie } });
    expect(await response.text()).toContain(user.username);
    expect(response.headers.get('cache-control')).toBe(PRIVATE_NO_STORE);
    expect(response.headers.get('vary')).toMatch(/Cookie/);
  });

  it('sets the visitor id cookie only when something reads it, and then does not cache', async () => {
    const response = await appWithPages(true).request(`${TEST_ORIGIN}/entry/x`);
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith(`${SUID_COOKIE}=`))).toBe(true);
    expect(response.headers.get('cache-control')).toBe(PRIVATE_NO_STORE);
    const again = await appWithPages(true).request(`${TEST_ORIGIN}/entry/x`, {
      headers: { cookie: cookies[0].split(';')[0] },
    });
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('sets no cookie on anonymous API reads either', async () => {
    const response = await app.request('/api/timeline/get_entry_by_timeline');
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
