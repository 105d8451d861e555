import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_ACCOUNT, avatarMenuButton, header, headerSearch, submitLogin } from './support/auth.ts';
import { feedList, rowTitleLinks } from './support/feed.ts';
import { expect, test } from './support/fixtures.ts';

async function signIn(page: Page) {
  await page.goto('/');
  await submitLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(avatarMenuButton(page)).toBeVisible();
}

/** A real PNG (the upload re-encodes it with sharp), as base64 for the page. */
async function pngBase64(): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

/** Pastes an image file into CodeMirror the way a browser does: a paste event carrying a File. */
async function pasteImage(page: Page, base64: string) {
  await page.locator('.cm-content').evaluate((content, data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
    content.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, base64);
}

const saveStatus = (page: Page) => page.getByRole('status').filter({ hasText: /保存|草稿箱/ });

test.describe('editor', () => {
  test('writes an article with a pasted image and code, publishes it, then edits it', async ({ page }) => {
    // A long journey (write, upload, publish, edit, republish) on a shared two-core machine.
    test.setTimeout(120_000);
    await signIn(page);
    await header(page).getByRole('link', { name: '写文章' }).click();
    await expect(page).toHaveURL('/editor/drafts/new');

    const title = `编辑器之旅 ${Date.now()}`;
    await page.getByLabel('标题').fill(title);
    const source = page.locator('.cm-content');
    await source.click();
    await page.keyboard.insertText(
      '在翡翠蜻蜓观测站用金砂的编辑器写一段代码：\n\n```js\nconst answer = 42;\nconsole.log(answer);\n```\n\n',
    );

    // Autosave: the first save creates the draft and gives the page its address.
    await expect(saveStatus(page)).toHaveText('已保存');
    await expect(page).toHaveURL(/\/editor\/drafts\/[0-9a-f]{24}$/);

    // The preview renders the code block highlighted, by the server's rules.
    const preview = page.getByRole('region', { name: '预览' });
    await expect(preview.locator('pre code.hljs.language-js .hljs-keyword').first()).toHaveText('const');

    await source.click();
    await page.keyboard.press('ControlOrMeta+End');
    await pasteImage(page, await pngBase64());
    await expect(source).toContainText(/!\[\]\(\/uploads\/entry\/[0-9a-f]{24}\.webp\)/);
    await expect(preview.locator('img[src^="/uploads/entry/"]')).toHaveCount(1);
    await expect(saveStatus(page)).toHaveText('已保存');

    // Nothing is lost on reload.
    await page.reload();
    await expect(page.getByLabel('标题')).toHaveValue(title);
    await expect(page.locator('.cm-content')).toContainText('const answer = 42;');
    await expect(page.locator('.cm-content')).toContainText('/uploads/entry/');

    // Publish: category, a tag, column post.
    await page.getByRole('button', { name: '发布', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '发布文章' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '确定并发布' }).click();
    await expect(page.getByText('请选择分类')).toBeVisible();
    await dialog.getByRole('radio', { name: '前端' }).check({ force: true });
    const suggestions = dialog.getByRole('list', { name: '标签建议' });
    const tagTitle = (await suggestions.getByRole('button').first().textContent()) ?? '';
    await suggestions.getByRole('button').first().click();
    await expect(dialog.getByRole('list', { name: '已选标签' }).getByRole('listitem')).toHaveCount(1);
    await dialog.getByRole('radio', { name: '专栏文章' }).check({ force: true });
    await dialog.getByLabel('摘要').fill('一篇用编辑器写的专栏文章');
    await dialog.getByRole('button', { name: '确定并发布' }).click();

    await expect(page).toHaveURL(/\/post\/[0-9a-f]{24}$/);
    const postUrl = new URL(page.url()).pathname;
    const postId = postUrl.split('/').pop() ?? '';
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(main.locator('pre code.hljs .hljs-keyword').first()).toHaveText('const');
    const image = main.locator('.article-body img[src^="/uploads/entry/"]');
    await expect(image).toHaveCount(1);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

    // Reopen the published post in the editor, change it and publish again.
    await page.goto(`/editor/posts/${postId}`);
    await expect(page.getByLabel('标题')).toHaveValue(title);
    await expect(page.locator('.cm-content')).toContainText('const answer = 42;');
    const edited = `${title}（修订）`;
    await page.getByLabel('标题').fill(edited);
    await expect(saveStatus(page)).toHaveText('已保存');
    await page.getByRole('button', { name: '更新', exact: true }).click();
    const update = page.getByRole('dialog', { name: '更新文章' });
    await expect(update.getByRole('radio', { name: '前端' })).toBeChecked();
    await expect(update.getByRole('radio', { name: '专栏文章' })).toBeChecked();
    await update.getByRole('button', { name: '确定并更新' }).click();
    await expect(page).toHaveURL(postUrl);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(edited);

    // Readers find it: first on explore's newest, on its tag's newest, and by a Chinese search
    // of words from its body (segmented on save), with the words marked.
    await page.goto('/explore?sort=newest');
    await expect(rowTitleLinks(feedList(page)).first()).toHaveText(edited);
    await page.goto(`/tag/${encodeURIComponent(tagTitle)}?sort=newest`);
    await expect(rowTitleLinks(feedList(page)).first()).toHaveText(edited);
    await page.goto('/');
    await headerSearch(page).fill('翡翠蜻蜓');
    await headerSearch(page).press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    const results = page.getByRole('region', { name: '搜索结果' });
    const found = results.getByRole('article').filter({ has: page.getByRole('link', { name: edited }) });
    await expect(found).toHaveCount(1);
    await expect(found.locator('mark').first()).toBeVisible();
    // 翡翠 and 蜻蜓 stand side by side in the body: one mark, as the reader sees one word.
    expect(await found.locator('mark').allTextContents()).toContain('翡翠蜻蜓');

    // Like it from its page; the count holds after a reload.
    await found.getByRole('link', { name: edited }).click();
    await expect(page).toHaveURL(postUrl);
    await page
      .getByRole('main')
      .getByRole('button', { name: /^点赞，已有 0 人点赞/ })
      .click();
    await expect(page.getByRole('main').getByRole('button', { name: /^取消点赞，已有 1 人点赞/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('main').getByRole('button', { name: /^取消点赞，已有 1 人点赞/ })).toBeVisible();

    // Delete: asked first, then the page is gone and search no longer finds it.
    await page.getByRole('main').getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('alertdialog', { name: '删除文章' });
    await confirm.getByRole('button', { name: '删除' }).click();
    await expect(page).toHaveURL('/published');
    expect((await page.request.get(postUrl)).status()).toBe(404);
    await page.goto(`/search?query=${encodeURIComponent('翡翠蜻蜓')}`);
    await expect(page.getByRole('region', { name: '搜索结果' })).not.toContainText(edited);
  });

  test('the draft list opens and deletes drafts', async ({ page }) => {
    await signIn(page);
    await page.goto('/editor/drafts/new');
    const title = `待删除的草稿 ${Date.now()}`;
    await page.getByLabel('标题').fill(title);
    await expect(saveStatus(page)).toHaveText('已保存');
    // The extension promotion stays off the writing screen (it shows on the pages around it).
    await expect(page.getByText('浏览器插件')).toHaveCount(0);

    await page.getByRole('link', { name: '草稿箱' }).click();
    await expect(page).toHaveURL('/editor/drafts');
    const list = page.getByRole('list', { name: '草稿列表' });
    const row = list.getByRole('listitem').filter({ hasText: title });
    await expect(row).toHaveCount(1);

    await row.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/editor\/drafts\/[0-9a-f]{24}$/);
    await expect(page.getByLabel('标题')).toHaveValue(title);

    await page.goBack();
    await list
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('button', { name: /^删除草稿/ })
      .click();
    const confirm = page.getByRole('alertdialog', { name: '删除草稿' });
    await confirm.getByRole('button', { name: '删除' }).click();
    await expect(list.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(title)).toHaveCount(0);
  });

  test('a file that is not an image is refused with the spec’s message and leaves no placeholder', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allowFailedLoad('/api/upload/image', 400);
    await signIn(page);
    await page.goto('/editor/drafts/new');
    const source = page.locator('.cm-content');
    await source.click();
    await page.keyboard.insertText('正文\n');
    await pasteImage(page, Buffer.from('<script>alert(1)</script>').toString('base64'));
    await expect(page.getByText('不支持此文件格式')).toBeVisible();
    await expect(source).not.toContainText('上传中');
    await expect(source).not.toContainText('![');
  });

  test('refuses a signed-out visitor', async ({ page, consoleErrors }) => {
    consoleErrors.allowFailedLoad('/editor/drafts/new', 401);
    const response = await page.goto('/editor/drafts/new');
    expect(response?.status()).toBe(401);
    await expect(page).toHaveURL('/');
  });
});
