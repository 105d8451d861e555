import type { Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNT } from './support/auth.ts';
import { expect, holdScripts, test, untilHydrated } from './support/fixtures.ts';

// A person on a slow line types into the server's HTML before the scripts have run: React then
// hydrates the field, and the words must still be there (a controlled field was reset to its
// empty state). These journeys act before hydration on purpose.
test.use({ awaitHydration: false });

async function signInByApi(page: Page) {
  const response = await page.request.post('/api/passport/auth/type/email', {
    data: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  expect(response.status()).toBe(200);
}

const stamp = () => Date.now().toString(36);

/**
 * Opens `path` with its scripts held, types `words` into `box` (a locator: found once the page is there), lets React
 * hydrate, and checks the words are still there; returns the field.
 */
async function typeBeforeHydration(page: Page, path: string, box: Locator, words: string) {
  const releaseScripts = await holdScripts(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await box.fill(words);
  releaseScripts();
  await untilHydrated(page);
  await expect(box).toHaveValue(words);
  return box;
}

test('a pin typed before the scripts have run is kept and published', async ({ page }) => {
  await signInByApi(page);
  const composer = page.getByRole('form', { name: '发沸点' });
  const words = `水合之前写下的沸点 ${stamp()}`;
  const box = await typeBeforeHydration(page, '/pins', composer.getByRole('textbox', { name: '沸点内容' }), words);
  await expect(composer.getByText(`${Array.from(words).length}/`)).toBeVisible();
  await composer.getByRole('button', { name: '发布' }).click();
  await expect(
    page.getByRole('list', { name: '沸点列表' }).getByRole('listitem').filter({ hasText: words }),
  ).toHaveCount(1);
  await expect(box).toHaveValue('');
});

test('a comment typed before the scripts have run is kept and posted', async ({ page }) => {
  await signInByApi(page);
  // Any article: the first of the home feed.
  await page.goto('/');
  const href = await page.locator('main a[href^="/post/"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  const section = page.getByRole('region', { name: '评论' });
  const words = `水合之前写下的评论 ${stamp()}`;
  const box = await typeBeforeHydration(page, String(href), section.getByRole('textbox', { name: '评论' }), words);
  await section.getByRole('button', { name: '发表评论' }).click();
  await expect(section.getByText(words)).toBeVisible();
  await expect(box).toHaveValue('');
});

test('an appeal typed before the scripts have run is kept and sent', async ({ page, browser }) => {
  // The administrator hides one of the demo account's articles (and restores it at the end).
  const admin = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const signedIn = await admin.request.post('/api/passport/auth/type/email', {
    data: { email: 'admin@jinsha.dev', password: 'jinsha-admin' },
  });
  expect(signedIn.status()).toBe(200);
  const adminPage = await admin.newPage();
  await adminPage.goto(`/admin/content?type=entry&state=visible&author=${encodeURIComponent(DEMO_ACCOUNT.username)}`);
  const targetId = await adminPage.locator('tr[data-content-id]').first().getAttribute('data-content-id');
  expect(targetId).toBeTruthy();
  const hidden = await admin.request.post('/api/admin/hide', {
    data: { targetType: 'entry', targetId, reason: `水合之前的申诉 ${stamp()}` },
  });
  expect(hidden.status()).toBe(200);

  try {
    await signInByApi(page);
    const notice = page.getByRole('status', { name: '内容已隐藏' });
    const words = `水合之前写下的申诉 ${stamp()}`;
    await typeBeforeHydration(page, `/entry/${targetId}`, notice.getByLabel('如有异议，你可以申诉一次：'), words);
    await notice.getByRole('button', { name: '提交申诉' }).click();
    await expect(notice).toContainText('你的申诉已提交');
  } finally {
    // Restored whatever happened: later journeys use the demo account's articles.
    const restored = await admin.request.post('/api/admin/restore', { data: { targetType: 'entry', targetId } });
    expect(restored.status()).toBe(200);
    await admin.close();
  }
});
