import type { Page } from '@playwright/test';
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

test('share a link with its preview, find it in /published, like it, edit and delete it', async ({
  page,
  consoleErrors,
}) => {
  // The cover is only an address here: no file behind it.
  consoleErrors.allowFailedLoad('/uploads/e2e/cover.png', 404);
  await page.goto('/');
  // One of the site's uploads: the only addresses of this site a cover may use (core/user-urls.ts).
  coverUrl = new URL('/uploads/e2e/cover.png', page.url()).toString();
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

/** A same-origin API call from the page, with its cookies (what the site's own scripts do). */
async function callApi<T>(page: Page, path: string, json?: unknown): Promise<{ status: number; d: T; m: string }> {
  return page.evaluate(
    async ({ path: url, json: body }) => {
      const response = await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const envelope = (await response.json()) as { d: never; m: string };
      return { status: response.status, d: envelope.d, m: envelope.m };
    },
    { path, json },
  );
}

test.describe('editing on /edit-entry', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await submitLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await expect(loginDialog(page)).toBeHidden();
  });

  test('saving a shared link keeps its text', async ({ page }) => {
    const categories = await callApi<{ categoryList: Array<{ id: string; name: string }> }>(
      page,
      '/api/tag/categories',
    );
    const frontend = categories.d.categoryList.find((c) => c.name === 'frontend');
    const tags = await callApi<{ tagList: Array<{ id: string }> }>(page, '/api/tag/tags/type/hot/page/0/pageSize/1');
    const published = await callApi<{ entryId: string }>(page, '/api/post/entryPublish', {
      originalUrl: `https://example.com/with-text/${stamp}`,
      title: `带正文的分享 ${stamp}`,
      content: '分享者写下的推荐理由，保存后不能丢。',
      category: frontend?.id,
      tags: tags.d.tagList[0].id,
    });
    expect(published.status, published.m).toBe(200);
    const id = published.d.entryId;

    await page.goto(`/edit-entry/${id}`);
    await page.getByLabel('标题').fill(`带正文的分享（改） ${stamp}`);
    await page.getByRole('button', { name: '保存修改' }).click();
    await expect(page).toHaveURL(`/entry/${id}`);
    const saved = await callApi<{ title: string; content: string }>(page, `/api/post/getEntry?entryId=${id}`);
    expect(saved.d.title).toBe(`带正文的分享（改） ${stamp}`);
    expect(saved.d.content).toBe('分享者写下的推荐理由，保存后不能丢。');
  });

  test('a written post goes to the editor', async ({ page }) => {
    const me = await callApi<{ profile: { id: string } }>(page, '/api/user/v1/getUserInfo');
    const posts = await callApi<{ entrylist: Array<{ id: string }> }>(
      page,
      `/api/timeline/get_entry_by_self?targetUid=${me.d.profile.id}&type=post&limit=1`,
    );
    const [post] = posts.d.entrylist;
    expect(post, 'a column post of the demo account').toBeDefined();
    await page.goto(`/edit-entry/${post.id}`);
    await expect(page).toHaveURL(`/editor/posts/${post.id}`);
  });

  test('someone else’s entry answers 403 and the browser goes home with the alert Forbidden', async ({
    page,
    consoleErrors,
  }) => {
    const me = await callApi<{ profile: { id: string } }>(page, '/api/user/v1/getUserInfo');
    const feed = await callApi<{ entrylist: Array<{ id: string; originalUrl: string; user: { id: string } }> }>(
      page,
      '/api/timeline/get_entry_by_timeline?limit=50',
    );
    const theirs = feed.d.entrylist.find((e) => e.user.id !== me.d.profile.id && e.originalUrl !== '');
    expect(theirs, 'someone else’s shared link').toBeDefined();
    consoleErrors.allowFailedLoad(`/edit-entry/${theirs?.id}`, 403);
    const direct = await page.request.get(`/edit-entry/${theirs?.id}`);
    expect(direct.status()).toBe(403);

    await page.goto(`/edit-entry/${theirs?.id}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Forbidden' })).toBeVisible();
    // Home for a signed-in person is the timeline (SPEC §2.1).
    await expect(page).toHaveURL(/\/timeline$/);
  });

  test('a link already shared keeps its notice when the page cannot be read', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/\/api\/post\/page\/info\?url=[^ ]*: Failed to load resource: .*status of 502/);
    const feed = await callApi<{ entrylist: Array<{ id: string; title: string; originalUrl: string }> }>(
      page,
      '/api/timeline/get_entry_by_timeline?limit=50',
    );
    const shared = feed.d.entrylist.find((e) => e.originalUrl !== '');
    expect(shared, 'a shared link').toBeDefined();
    await page.route('**/api/post/page/info**', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: '{"s":0,"m":"无法读取这个页面","d":null}' }),
    );
    await page.goto('/new-entry');
    await page.getByLabel('链接').fill(shared?.originalUrl ?? '');
    await page.getByRole('button', { name: '读取' }).click();
    await expect(page.getByRole('status').filter({ hasText: '这个链接已经有人分享过' })).toContainText(
      shared?.title ?? '',
    );
    await expect(page.getByRole('alert').filter({ hasText: '无法读取这个页面' })).toBeVisible();
  });

  test('a vote is published with its options from the share form', async ({ page }) => {
    await page.goto('/new-entry');
    // The extension promotion stays off the form (at 1280 px it sat over the 投票 box).
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: '浏览器插件推荐' })).toHaveCount(0);
    await page.getByLabel('投票').check();
    await page.getByLabel('标题').fill(`你更喜欢哪种缩进？ ${stamp}`);
    await page.getByLabel('分类').selectOption({ label: '前端' });
    await page.getByRole('list', { name: '可选标签' }).getByRole('button', { name: 'JavaScript', exact: true }).click();
    await page.getByLabel('选项 1', { exact: true }).fill('两个空格');
    await page.getByLabel('选项 2', { exact: true }).fill('四个空格');
    await page.getByRole('button', { name: '添加选项' }).click();
    await page.getByLabel('选项 3', { exact: true }).fill('Tab');
    await page.getByRole('button', { name: '发布' }).click();
    await expect(page).toHaveURL(/\/entry\/[0-9a-f]{24}\/detail$/);
    const panel = page.getByRole('region', { name: '投票' });
    await expect(panel.getByRole('button')).toHaveText([/两个空格/, /四个空格/, /Tab/]);
    await expect(panel.getByTestId('voter-count')).toHaveText('共 0 人参与');
  });
});
