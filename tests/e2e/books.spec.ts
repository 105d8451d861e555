import type { Page } from '@playwright/test';
import { header } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

/** Booklets (小册, docs/decisions/012-booklets.md): reading, writing and review. */

async function signInByApi(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post('/api/passport/auth/type/email', { data: account });
  expect(response.status()).toBe(200);
}

interface Section {
  id: string;
  title: string;
  isFree: boolean;
}

/** The top of the hot list: a paid booklet with free and paid sections (seeded). */
async function aPaidBooklet(page: Page) {
  const hot = (await page.request.get('/api/xiaoce/getHot').then((r) => r.json())) as {
    d: { list: Array<{ id: string; title: string; price: number }> };
  };
  const booklet = hot.d.list.find((b) => b.price > 0);
  expect(booklet).toBeTruthy();
  const sections = (await page.request
    .get('/api/xiaoce/getListSection', { params: { id: booklet!.id } })
    .then((r) => r.json())) as { d: { sections: Section[] } };
  return { ...booklet!, sections: sections.d.sections };
}

test('a visitor opens 小册 from the header, reads a free section and sees a paid one locked', async ({ page }) => {
  const booklet = await aPaidBooklet(page);
  await page.goto('/');
  await header(page).getByRole('link', { name: '小册', exact: true }).click();
  await expect(page).toHaveURL('/books');
  await expect(page.getByRole('heading', { name: '最新小册' })).toBeVisible();
  await page.getByRole('complementary', { name: '热门小册' }).getByRole('link', { name: booklet.title }).click();
  await expect(page).toHaveURL(`/book/${booklet.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(booklet.title);

  const free = booklet.sections.find((s) => s.isFree)!;
  await page.getByRole('link', { name: '免费试读' }).click();
  await expect(page).toHaveURL(`/book/${booklet.id}/section/${free.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(free.title);
  await expect(page.getByRole('region', { name: '购买提示' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: '评论' })).toBeVisible();

  const paid = booklet.sections.find((s) => !s.isFree)!;
  await page
    .getByRole('complementary', { name: '目录' })
    .getByRole('link', { name: new RegExp(paid.title) })
    .click();
  await expect(page).toHaveURL(`/book/${booklet.id}/section/${paid.id}`);
  await expect(page.getByRole('region', { name: '购买提示' })).toContainText('购买小册后即可阅读全部');
  await expect(page.getByRole('region', { name: '评论' })).toHaveCount(0);
});

test('a category tab lists only its booklets and an unknown category is not found', async ({ page, consoleErrors }) => {
  consoleErrors.allowFailedLoad('/books/nope', 404);
  await page.goto('/books/backend');
  await expect(page.getByRole('link', { name: '后端', exact: true })).toHaveAttribute('aria-current', 'page');
  const response = await page.goto('/books/nope');
  expect(response?.status()).toBe(404);
});

test('an author writes a booklet with two sections, submits it, and an administrator approves it', async ({ page }) => {
  test.setTimeout(90_000);
  await signInByApi(page, { email: 'demo@jinsha.dev', password: 'jinsha-demo' });
  await page.goto('/');
  await header(page)
    .getByRole('button', { name: /的菜单$/ })
    .click();
  await page.getByRole('menuitem', { name: '写小册' }).click();
  await expect(page).toHaveURL('/editor/book/new/section');

  const title = `E2E 小册 ${Date.now()}`;
  const info = page.getByRole('form', { name: '小册信息' });
  await info.getByLabel('小册标题').fill(title);
  await info.getByLabel('分类').selectOption('backend');
  await info.getByLabel('价格（元，0 为免费）').fill('9.9');
  await info.getByLabel('简介（卡片上的一两句话）').fill('两节课讲清楚一件事');
  await info.getByRole('button', { name: '创建小册' }).click();
  await expect(page).toHaveURL(/\/editor\/book\/[0-9a-z]{24}\/section$/);
  const bookletId = page.url().split('/')[5];

  for (const [index, [sectionTitle, body]] of [
    ['第一节：为什么', '这一节免费，讲为什么要学。'],
    ['第二节：怎么做', '这一节付费，讲具体怎么做。'],
  ].entries()) {
    await page.getByRole('button', { name: '新建小节' }).first().click();
    await expect(page.getByLabel('小节标题')).toHaveValue(`第 ${index + 1} 节`);
    await page.getByLabel('小节标题').fill(sectionTitle);
    await page.locator('.cm-content').click();
    await page.keyboard.insertText(body);
    if (index === 0) await page.getByLabel('免费试读').check();
    await expect(page.getByRole('region', { name: '预览' })).toContainText(body);
    await page.getByRole('button', { name: '发布本节' }).click();
    await expect(page.getByRole('button', { name: '撤回为草稿' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: '小节' })).toContainText(sectionTitle);
  }
  // The second section moves above the first, and back.
  const sidebar = page.getByRole('complementary', { name: '小节' });
  await sidebar.getByRole('button', { name: '上移 第二节：怎么做' }).click();
  await expect(sidebar.getByRole('listitem').first()).toContainText('第二节：怎么做');
  await sidebar.getByRole('button', { name: '下移 第二节：怎么做' }).click();
  await expect(sidebar.getByRole('listitem').first()).toContainText('第一节：为什么');

  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByTestId('booklet-state')).toContainText('审核中');

  // Others cannot see it yet.
  const hidden = await page.request.get('/api/xiaoce/get', { params: { id: bookletId }, headers: { cookie: '' } });
  expect(hidden.status()).toBe(404);

  // The administrator finds it in the console's review queue and approves it.
  // Leave the page first, so nothing it still sends goes out without the session.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signInByApi(page, { email: 'admin@jinsha.dev', password: 'jinsha-admin' });
  await page.goto('/admin');
  await page.getByRole('link', { name: '小册', exact: true }).last().click();
  await expect(page).toHaveURL('/admin/booklets');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('待审核');
  await row.getByRole('button', { name: '通过审核' }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  await page.goto(`/book/${bookletId}`);
  await expect(page.getByRole('region', { name: '管理' })).toContainText('已上架');

  // A visitor finds it under 后端 and reads the free section.
  // Leave the page first, so nothing it still sends goes out without the session.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto('/books/backend');
  await page.getByRole('link', { name: title }).first().click();
  await expect(page).toHaveURL(`/book/${bookletId}`);
  await page.getByRole('link', { name: '免费试读' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('第一节：为什么');
  await expect(page.locator('.article-body')).toContainText('这一节免费');
  await page.getByRole('link', { name: /下一节：第二节：怎么做/ }).click();
  await expect(page.getByRole('region', { name: '购买提示' })).toBeVisible();
});

test('a buyer reads a paid section and continues where they left off from 已购 on a phone', async ({ page }) => {
  await signInByApi(page, { email: 'demo@jinsha.dev', password: 'jinsha-demo' });
  const bought = (await page.request.get('/api/xiaoce/getListBuy').then((r) => r.json())) as {
    d: { list: Array<{ id: string; title: string }> };
  };
  const booklet = bought.d.list.at(-1)!;
  const sections = (await page.request
    .get('/api/xiaoce/getListSection', { params: { id: booklet.id } })
    .then((r) => r.json())) as { d: { sections: Section[] } };
  const paid = sections.d.sections.filter((s) => !s.isFree).at(-1)!;

  await page.goto(`/book/${booklet.id}/section/${paid.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paid.title);
  await expect(page.getByRole('region', { name: '购买提示' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: '评论' })).toBeVisible();
  // The booklet page offers to continue there.
  await page.goto(`/book/${booklet.id}`);
  await expect(page.getByRole('link', { name: `继续阅读：${paid.title}` })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/book/m/bought');
  const item = page.getByRole('listitem').filter({ hasText: booklet.title });
  await item.getByRole('link', { name: `继续阅读：${paid.title}` }).click();
  await expect(page).toHaveURL(`/book/m/${booklet.id}/section/${paid.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paid.title);
  // The contents open as a drawer on a phone.
  await page.getByRole('button', { name: '目录' }).click();
  await expect(page.getByRole('dialog', { name: '目录' })).toContainText(paid.title);
  await page.getByRole('button', { name: '关闭', exact: true }).click();

  await page.goto('/book/m/me');
  await expect(page.getByRole('heading', { name: '我写的小册' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^已购 \d+ 本小册$/ })).toBeVisible();
});
