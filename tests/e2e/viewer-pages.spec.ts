import type { Page } from '@playwright/test';
import { DEMO_ACCOUNT, header } from './support/auth.ts';
import { feedList } from './support/feed.ts';
import { expect, test } from './support/fixtures.ts';
import { unique } from './support/unique.ts';

/**
 * Signed-in feed pages come from a template filled for each viewer (server/http/viewer-pages.ts,
 * issue 10 goal 3). The journeys' server runs with VIEWER_PAGES_VERIFY: it renders each such page
 * the usual way as well and marks the answer `X-Viewer-Page: same` or `differs` (every journey
 * fails on `differs`: support/fixtures.ts). Here: the fast path is really taken in the built app,
 * and the page it makes is the viewer's own.
 */
async function signInByApi(page: Page) {
  const response = await page.request.post('/api/passport/auth/type/email', {
    data: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  expect(response.status()).toBe(200);
}

test('a signed-in feed page comes from its template, as the viewer’s own page', async ({ page }) => {
  await signInByApi(page);
  for (const path of ['/timeline', '/timeline/frontend?sort=newest']) {
    // A write of the demo account a moment ago (another journey's) gives it its own pages for a few seconds.
    await expect
      .poll(async () => (await page.goto(path))?.headers()['x-viewer-page'], {
        message: `${path} answered from a template`,
        timeout: 15_000,
      })
      .toBe('same');
    await expect(header(page).getByRole('button', { name: `${DEMO_ACCOUNT.username}的菜单` })).toBeVisible();
    await expect(feedList(page).locator('li').first()).toBeVisible();
  }
  // 我关注的 is the viewer's own list: rendered as usual.
  const following = await page.goto('/timeline/subscribe');
  expect(following?.headers()['x-viewer-page']).toBeUndefined();
});

test('a person without a picture gets the template too, with their own letter avatar', async ({ page }) => {
  const username = `e2e_${unique()}`;
  await page.goto('/');
  const created = await page.request.post('/api/user/v1/createUser', {
    data: { email: `${username}@jinsha.test`, username, password: 'secret-123' },
  });
  expect(created.status(), await created.text()).toBe(200);
  // Registering is a write of theirs: their own pages for a few seconds, then the template's.
  await expect
    .poll(async () => (await page.goto('/timeline'))?.headers()['x-viewer-page'], { timeout: 15_000 })
    .toBe('same');
  await expect(header(page).getByRole('img', { name: username })).toHaveText('e');
});
