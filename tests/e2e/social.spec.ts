import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNT, loginDialog } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

/** An 8×8 PNG in the brand colour, for the pin image upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGPYEsyJFTEMLQkAvQ5EAYdARGkAAAAASUVORK5CYII=',
  'base64',
);

interface ApiUser {
  id: string;
  username: string;
}
interface ApiEntry {
  id: string;
  type: string;
  title: string;
  originalUrl: string;
  user: ApiUser;
}

/** Signs the page's browser context in as the demo account through the API (the cookie lands in the context). */
async function signInDemo(page: Page): Promise<ApiUser> {
  const response = await page.request.post('/api/passport/auth/type/email', {
    data: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { d: { user: ApiUser } };
  return body.d.user;
}

/** A column article written by someone other than the demo account. */
async function someoneElsesPost(request: APIRequestContext, viewerId: string): Promise<ApiEntry> {
  const response = await request.get('/api/timeline/get_entry_by_timeline', { params: { limit: 50 } });
  const { d } = (await response.json()) as { d: { entrylist: ApiEntry[] } };
  const post = d.entrylist.find((e) => e.type === 'post' && e.user.id !== viewerId && !/^0{24}$/.test(e.user.id));
  expect(post, 'a column article by another author').toBeDefined();
  return post as ApiEntry;
}

function commentSection(page: Page): Locator {
  return page.getByRole('region', { name: '评论' });
}

function commentById(scope: Locator, id: string): Locator {
  return scope.locator(`[data-comment-id="${id}"]`);
}

test.describe('social', () => {
  test('signed out, the comment box asks to sign in and sends nothing', async ({ page, request }) => {
    const post = await someoneElsesPost(request, '');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/comment/comment') && r.method() === 'POST') sent.push(r.url());
    });
    await page.goto(`/post/${post.id}`);
    await commentSection(page).getByRole('textbox', { name: '评论' }).click();
    await expect(loginDialog(page)).toBeVisible();
    expect(sent).toEqual([]);
  });

  test('comment and reply on an article, like a comment, and 666 fires the barrage', { tag: '@cluster' }, async ({
    page,
  }) => {
    const me = await signInDemo(page);
    const post = await someoneElsesPost(page.request, me.id);
    await page.goto(`/post/${post.id}`);
    const section = commentSection(page);
    const box = section.getByRole('textbox', { name: '评论' });
    const text = `端到端评论 ${Date.now()}`;
    await box.fill(text);
    await section
      .getByLabel('添加图片')
      .first()
      .setInputFiles({ name: 'comment.png', mimeType: 'image/png', buffer: PNG });
    await expect(section.getByRole('img', { name: '图片 1' })).toBeVisible();
    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/api/comment/comment') && r.request().method() === 'POST',
    );
    await section.getByRole('button', { name: '发表评论' }).click();
    const { d } = (await (await posted).json()) as { d: { commentId: string } };
    const comment = commentById(section, d.commentId);
    await expect(comment.getByText(text)).toBeVisible();
    await expect(comment.getByRole('img', { name: '评论图片' })).toBeVisible();

    // Reply to it.
    await comment.getByRole('button', { name: '回复', exact: true }).click();
    const replyBox = section.getByRole('textbox', { name: `回复 ${me.username}` });
    const replyText = `这是一条回复 ${Date.now()}`;
    await replyBox.fill(replyText);
    await section
      .getByRole('form', { name: `回复 ${me.username}` })
      .getByRole('button', { name: '回复' })
      .click();
    await expect(section.getByRole('list', { name: '回复' }).getByText(replyText)).toBeVisible();

    // Like the comment: the state changes after the call succeeds.
    const like = comment.getByRole('button', { name: '点赞', exact: true }).first();
    await like.click();
    await expect(comment.getByRole('button', { name: '取消点赞' }).first()).toHaveAttribute('aria-pressed', 'true');
    await expect(comment.getByRole('button', { name: '取消点赞' }).first()).toContainText('1');

    // The shortcut word 666 fires the barrage.
    await box.fill('666');
    await section.getByRole('button', { name: '发表评论' }).click();
    await expect(page.locator('[data-barrage="666"]')).toBeAttached();
    await expect(section.getByText('666', { exact: true }).first()).toBeVisible();
  });

  test('post a pin with an image, like it and comment on it', async ({ page }) => {
    await signInDemo(page);
    await page.goto('/pins');
    const composer = page.getByRole('form', { name: '发沸点' });
    const text = `端到端沸点 ${Date.now()}`;
    await composer.getByRole('textbox', { name: '沸点内容' }).fill(text);
    await composer.getByLabel('添加图片').setInputFiles({ name: 'pin.png', mimeType: 'image/png', buffer: PNG });
    await expect(composer.getByRole('img', { name: '图片 1' })).toBeVisible();
    await composer.getByRole('button', { name: '发布' }).click();

    const pin = page.getByRole('list', { name: '沸点列表' }).getByRole('listitem').filter({ hasText: text });
    await expect(pin).toHaveCount(1);
    await expect(pin.getByRole('img', { name: '沸点图片 1' })).toBeVisible();

    await pin.getByRole('button', { name: '点赞', exact: true }).click();
    await expect(pin.getByRole('button', { name: '取消点赞' })).toContainText('1');

    await pin.getByRole('button', { name: '评论', exact: true }).click();
    await pin.getByRole('textbox', { name: '评论' }).fill('沸点下的评论');
    await pin.getByRole('button', { name: '发表评论' }).click();
    await expect(pin.getByRole('list', { name: '评论列表' }).getByText('沸点下的评论')).toBeVisible();
    await expect(pin.getByRole('button', { name: '评论', exact: true })).toHaveCount(0);
    await expect(pin.getByRole('button', { expanded: true })).toContainText('1');

    // The pin's own page shows it with its comment.
    await pin.getByRole('link', { name: /前$|刚刚/ }).click();
    await expect(page).toHaveURL(/\/pin\/[0-9a-f]{24}$/);
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByText('沸点下的评论')).toBeVisible();
  });

  test('follow someone from their profile and see the counts change; every tab renders', { tag: '@cluster' }, async ({
    page,
  }) => {
    const me = await signInDemo(page);
    // Someone the demo account does not follow yet.
    const response = await page.request.get('/api/suggest/getByTag', { params: { tag: 'backend', t: '1' } });
    const { d } = (await response.json()) as { d: { list: Array<ApiUser & { isFollow: boolean }> } };
    const person = d.list.find((u) => !u.isFollow && u.id !== me.id);
    expect(person, 'a person to follow').toBeDefined();
    if (!person) return;

    await page.goto(`/user/${person.id}`);
    await expect(page.getByRole('heading', { level: 1, name: person.username })).toBeVisible();
    const followers = page.locator('[data-stat="followers"]');
    const before = Number((await followers.textContent()) ?? '');
    await page.getByRole('button', { name: `关注 ${person.username}` }).click();
    await expect(page.getByRole('button', { name: `已关注 ${person.username}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(followers).toHaveText(String(before + 1));

    // My own following count moved too.
    await page.goto(`/user/${me.id}`);
    const following = Number((await page.locator('[data-stat="following"]').textContent()) ?? '');
    await page.goto(`/user/${person.id}/followers`);
    await expect(page.getByRole('list', { name: '关注者列表' }).getByRole('link', { name: me.username })).toBeVisible();
    await page.getByRole('button', { name: `已关注 ${person.username}` }).click();
    await expect(page.getByRole('button', { name: `关注 ${person.username}` })).toBeVisible();
    await expect(followers).toHaveText(String(before));
    await page.goto(`/user/${me.id}`);
    await expect(page.locator('[data-stat="following"]')).toHaveText(String(following - 1));

    // Every tab of a profile renders (the demo account writes booklets: 小册 is the authors' tab).
    const tabs = page.getByRole('navigation', { name: '个人主页分类' });
    for (const label of ['文章', '分享', '赞', '收藏集', '关注标签', '关注了', '关注者', '小册', '已购', '动态']) {
      await tabs.getByRole('link', { name: new RegExp(`^${label}`) }).click();
      await expect(tabs.getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute('aria-current', 'page');
    }
    await tabs.getByRole('link', { name: /^已购/ }).click();
    await expect(page).toHaveURL(`/user/${me.id}/books?type=bought`);
  });

  test('someone who writes no booklets has no 小册 tab; 已购 is on one’s own profile only', async ({ page }) => {
    const response = await page.request.post('/api/passport/auth/type/email', {
      data: { email: 'admin@jinsha.dev', password: 'jinsha-admin' },
    });
    expect(response.status()).toBe(200);
    const admin = ((await response.json()) as { d: { user: ApiUser } }).d.user;
    await page.goto(`/user/${admin.id}`);
    const tabs = page.getByRole('navigation', { name: '个人主页分类' });
    await expect(tabs.getByRole('link', { name: /^动态/ })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: /^小册/ })).toHaveCount(0);
    await expect(tabs.getByRole('link', { name: /^已购/ })).toBeVisible();
    // The demo account's profile, seen by the administrator: its 小册, no 已购.
    const feed = await page.request.get('/api/timeline/get_entry_by_timeline', { params: { limit: 100 } });
    const { d } = (await feed.json()) as { d: { entrylist: Array<{ user: ApiUser }> } };
    const demo = d.entrylist.map((e) => e.user).find((u) => u.username === DEMO_ACCOUNT.username);
    expect(demo, 'an entry of the demo account').toBeDefined();
    await page.goto(`/user/${demo?.id}`);
    await expect(tabs.getByRole('link', { name: /^小册/ })).toBeVisible();
    await expect(tabs.getByRole('link', { name: /^已购/ })).toHaveCount(0);
  });

  test('the spec’s tab names lead to the tabs', async ({ page }) => {
    const me = await signInDemo(page);
    const names: Array<[string, string]> = [
      ['article', `/user/${me.id}/posts`],
      ['share', `/user/${me.id}/shares`],
      ['like', `/user/${me.id}/likes`],
      ['collection', `/user/${me.id}/collections`],
      ['tag', `/user/${me.id}/tags`],
      ['follower', `/user/${me.id}/followers`],
      ['following', `/user/${me.id}/following`],
      ['activity', `/user/${me.id}`],
      ['book', `/user/${me.id}/books`],
      ['bought', `/user/${me.id}/books?type=bought`],
    ];
    for (const [name, canonical] of names) {
      const answer = await page.request.get(`/user/${me.id}/${name}`, { maxRedirects: 0 });
      if (name === 'following') {
        expect(answer.status(), name).toBe(200);
        continue;
      }
      expect(answer.status(), name).toBe(301);
      const location = new URL(answer.headers().location ?? '', 'http://site.invalid');
      expect(location.pathname + location.search, name).toBe(canonical);
    }
    await page.goto(`/user/${me.id}/like`);
    await expect(page).toHaveURL(`/user/${me.id}/likes`);
    await expect(
      page.getByRole('navigation', { name: '个人主页分类' }).getByRole('link', { name: /^赞/ }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('a profile’s and a collection’s rows: like in place, and each tab or order shows its own rows', async ({
    page,
  }) => {
    const me = await signInDemo(page);
    const post = await someoneElsesPost(page.request, me.id);
    await page.goto(`/user/${post.user.id}/posts`);
    const row = (title: string) =>
      page.locator('li.er').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    const like = row(post.title).getByRole('button', { name: /点赞，已有/ });
    await expect(like).toBeVisible();
    const likedBefore = (await like.getAttribute('aria-pressed')) === 'true';
    if (!likedBefore) {
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
    }
    // My 赞 tab, then 文章, by client navigation: each list shows its own rows, not the last one's.
    await page.goto(`/user/${me.id}`);
    const tabs = page.getByRole('navigation', { name: '个人主页分类' });
    await tabs.getByRole('link', { name: /^赞/ }).click();
    await expect(page).toHaveURL(`/user/${me.id}/likes`);
    await expect(row(post.title)).toBeVisible();
    await tabs.getByRole('link', { name: /^文章/ }).click();
    await expect(page).toHaveURL(`/user/${me.id}/posts`);
    await expect(row(post.title)).toHaveCount(0);
    await page.goBack();
    await expect(row(post.title).getByRole('button', { name: /点赞，已有/ })).toHaveAttribute('aria-pressed', 'true');
    if (!likedBefore) {
      await row(post.title)
        .getByRole('button', { name: /点赞，已有/ })
        .click();
      await expect(row(post.title).getByRole('button', { name: /点赞，已有/ })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    }

    // A collection: its rows in each order, and a row's title opens the entry.
    const sets = await page.request.get('/api/collection/homeCollectionSet?page=0&rankType=hot');
    const collection = ((await sets.json()) as { d: { collectionSets: Array<{ id: string; entryCount: number }> } }).d
      .collectionSets[0];
    await page.goto(`/collection/${collection.id}`);
    const rows = page.getByRole('region', { name: '收藏集文章' }).locator('li.er');
    await expect(rows).toHaveCount(Math.min(collection.entryCount, 20));
    await page.getByRole('link', { name: '最热', exact: true }).click();
    await expect(page).toHaveURL(`/collection/${collection.id}?sort=hot`);
    await expect(rows).toHaveCount(Math.min(collection.entryCount, 20));
    const title = ((await rows.first().getByRole('heading').textContent()) ?? '').replace(/\s*\(.*\)$/, '').trim();
    await rows.first().getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/(post|entry)\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  });

  test('an unknown person is the not-found view', async ({ page, consoleErrors }) => {
    consoleErrors.allowFailedLoad('/user/0123456789abcdef01234567', 404);
    const response = await page.goto('/user/0123456789abcdef01234567');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '找不到页面' })).toBeVisible();
  });
});
