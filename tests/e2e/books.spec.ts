import type { Page } from '@playwright/test';
import { header } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

/** Booklets (小册, docs/decisions/012-booklets.md): reading, writing and review. */

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
