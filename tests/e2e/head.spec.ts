import { expect, test } from './support/fixtures.ts';

/** The `<link>` tags of a document's <head>, in order, as the server sent them. */
function headLinks(html: string): { rel: string; href: string }[] {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link\b[^>]*>/g)].map(([tag]) => ({
    rel: /\brel="([^"]+)"/.exec(tag)?.[1] ?? '',
    href: /\bhref="([^"]+)"/.exec(tag)?.[1] ?? '',
  }));
}

test.describe('document head', () => {
  // Lighthouse mobile (issue 10, goal 6): the render-blocking stylesheet must not queue behind the
  // page's modulepreloads on a slow connection, and an article must not need a second stylesheet.
  test('the one stylesheet comes before the scripts, on the home page and on an article', async ({ request }) => {
    const home = await (await request.get('/')).text();
    const article = /href="(\/post\/[0-9a-f]+)"/.exec(home)?.[1];
    expect(article, 'an article linked from the home page').toBeTruthy();
    for (const path of ['/', article as string]) {
      const links = headLinks(await (await request.get(path)).text());
      const firstStylesheet = links.findIndex((link) => link.rel === 'stylesheet');
      const firstModule = links.findIndex((link) => link.rel === 'modulepreload');
      expect(firstStylesheet, `a stylesheet in the head of ${path}`).toBeGreaterThanOrEqual(0);
      expect(firstModule, `modulepreloads in the head of ${path}`).toBeGreaterThan(firstStylesheet);
      const stylesheets = new Set(links.filter((link) => link.rel === 'stylesheet').map((link) => link.href));
      expect([...stylesheets], `stylesheets of ${path}`).toHaveLength(1);
    }
  });
});
