import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_ACCOUNT, loginDialog, submitLogin } from './support/auth.ts';
import { feedList } from './support/feed.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Sharing a link end to end: the preview comes from a page served by a local HTTP server
 * (the journeys' server runs with LINK_PREVIEW_ALLOW_PRIVATE so it may read 127.0.0.1).
 */
let pageServer: Server;
let articleUrl: string;
/** The cover the page announces: a file of the site itself, which the site's CSP lets images load from. */
let coverUrl = '';
const stamp = Date.now().toString(36);
const OG_TITLE = `深入理解事件循环 ${stamp}`;
const OG_DESCRIPTION = '从浏览器到 Node.js，一文讲清宏任务、微任务与渲染时机。';

test.beforeAll(async () => {
  pageServer = createServer((request, response) => {
    if (request.url?.startsWith('/article')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><head><title>备用标题</title>
<meta property="og:title" content="${OG_TITLE}">
<meta property="og:description" content="${OG_DESCRIPTION}">
<meta property="og:image" content="${coverUrl}">
</head><body><h1>${OG_TITLE}</h1></body></html>`);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  articleUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/article/${stamp}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => pageServer?.close(resolve));
});

test('share a link with its preview, find it in /published, like it, edit and delete it', async ({ page }) => {
  await page.goto('/');
  coverUrl = new URL('/favicon.ico', page.url()).toString();
  await submitLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(loginDialog(page)).toBeHidden();

  await page.goto('/new-entry');
  await expect(page.getByRole('heading', { name: '分享链接', level: 1 })).toBeVisible();
  await page.getByLabel('链接').fill(articleUrl);
  await page.getByRole('button', { name: '读取' }).click();
  await expect(page.getByLabel('标题')).toHaveValue(OG_TITLE);
  await expect(page.getByLabel('描述')).toHaveValue(OG_DESCRIPTION);
  await expect(page.getByLabel('封面')).toHaveValue(coverUrl);
  await expect(page.getByRole('img', { name: '封面预览' })).toBeVisible();

  // Publishing without a category or tag is refused with the spec's message, before any request.
  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请选择分类' })).toBeVisible();

  await page.getByLabel('分类').selectOption({ label: '前端' });
  // JavaScript is one of the built-in tags of 前端 (SPEC §3), suggested for the category.
  await page.getByRole('list', { name: '可选标签' }).getByRole('button', { name: 'JavaScript', exact: true }).click();
  await expect(page.getByRole('list', { name: '已选标签' })).toContainText('JavaScript');
  await page.getByLabel('原创').check();
  await page.getByRole('button', { name: '发布' }).click();

  await expect(page).toHaveURL(/\/entry\/[0-9a-f]{24}$/);
  const entryPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(OG_TITLE);
  await expect(page.getByRole('main')).toContainText(OG_DESCRIPTION);
  await expect(page.getByRole('link', { name: /阅读原文/ })).toHaveAttribute(
    'href',
    `/link?target=${encodeURIComponent(articleUrl)}`,
  );

  // It is listed first in /published, with edit and delete.
  await page.goto('/published');
  const published = page.getByRole('list', { name: '已发布的文章' });
  await expect(published.getByRole('listitem').first()).toContainText(OG_TITLE);
  await expect(published.getByRole('link', { name: `编辑「${OG_TITLE}」` })).toBeVisible();
  await published.getByRole('link', { name: OG_TITLE, exact: true }).click();
  await expect(page).toHaveURL(entryPath);

  // Like: the count moves once the call has succeeded; unlike and like again.
  const like = page.getByRole('main').getByRole('button', { name: /^点赞，已有 0 人点赞/ });
  await like.click();
  const liked = page.getByRole('main').getByRole('button', { name: /^取消点赞，已有 1 人点赞/ });
  await expect(liked).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('main').getByRole('button', { name: /^取消点赞，已有 1 人点赞/ })).toBeVisible();

  // Edit the title.
  await page.getByRole('link', { name: '编辑', exact: true }).click();
  await expect(page).toHaveURL(`/edit-entry/${entryPath.split('/').pop()}`);
  await expect(page.getByLabel('标题')).toHaveValue(OG_TITLE);
  const edited = `${OG_TITLE}（修订）`;
  await page.getByLabel('标题').fill(edited);
  await page.getByRole('button', { name: '保存修改' }).click();
  await expect(page).toHaveURL(entryPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited);

  // Delete asks first, then the entry is gone from /published and its page is a 404.
  await page.getByRole('main').getByRole('button', { name: '删除' }).click();
  const confirm = page.getByRole('alertdialog', { name: '删除文章' });
  await expect(confirm).toContainText(edited);
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(page).toHaveURL('/published');
  await expect(page.getByRole('list', { name: '已发布的文章' })).not.toContainText(edited);
  const gone = await page.request.get(entryPath);
  expect(gone.status()).toBe(404);
});

test('a signed-out like opens the login modal and sends nothing', async ({ page }) => {
  const likeCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/like/')) likeCalls.push(request.url());
  });
  await page.goto('/');
  const firstRow = feedList(page).getByRole('article').first();
  const likeButton = firstRow.getByRole('button', { name: /点赞/ });
  const before = await likeButton.getAttribute('aria-label');
  await likeButton.click();
  await expect(loginDialog(page)).toBeVisible();
  expect(likeCalls).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(likeButton).toHaveAttribute('aria-label', before ?? '');
});

test('a vote entry opens on its detail page, also through the answer alias', async ({ page }) => {
  const response = await page.request.get('/api/timeline/get_entry_by_timeline?type=vote&limit=1');
  const body = (await response.json()) as { d: { entrylist: Array<{ id: string; title: string }> } };
  const vote = body.d.entrylist[0];
  expect(vote, 'a seeded vote entry').toBeDefined();
  await page.goto(`/entry/${vote.id}`);
  await expect(page).toHaveURL(`/entry/${vote.id}/detail`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(vote.title);
  await page.goto(`/entry/${vote.id}/detail/answer/${'0'.repeat(24)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(vote.title);
  const bad = await page.request.get(`/entry/${vote.id}/detail/not-a-comment`);
  expect(bad.status()).toBe(404);
});

test('copying 128 characters or more of an article appends the attribution', async ({ page }) => {
  // The most liked column post is a long seeded article, whatever other journeys published.
  await page.goto('/zhuanlan?sort=hottest');
  const firstPost = page.getByRole('article').getByRole('heading', { level: 2 }).getByRole('link').first();
  await firstPost.click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f]{24}$/);
  const body = page.locator('.article-body');
  await expect(body).toBeVisible();
  const copied = await body.evaluate((element) => {
    const copy = (node: Node, chars?: number) => {
      const range = document.createRange();
      if (chars === undefined) {
        range.selectNodeContents(node);
      } else {
        range.setStart(node, 0);
        range.setEnd(node, chars);
      }
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      const clipboardData = new DataTransfer();
      element.dispatchEvent(new ClipboardEvent('copy', { clipboardData, bubbles: true, cancelable: true }));
      return { selected: selection?.toString() ?? '', copied: clipboardData.getData('text/plain') };
    };
    const long = copy(element);
    const firstText = document.createTreeWalker(element, NodeFilter.SHOW_TEXT).nextNode();
    const short = firstText ? copy(firstText, Math.min(10, firstText.textContent?.length ?? 0)) : null;
    return { long, short };
  });
  expect(Array.from(copied.long.selected).length).toBeGreaterThanOrEqual(128);
  expect(copied.long.copied.startsWith(copied.long.selected)).toBe(true);
  expect(copied.long.copied).toContain(`链接：${page.url()}`);
  expect(copied.long.copied).toContain('著作权归作者所有。商业转载请联系作者获得授权，非商业转载请注明出处。');
  // A short copy is left to the browser: nothing is written by the page.
  expect(copied.short?.copied).toBe('');
});
