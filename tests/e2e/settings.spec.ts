import type { Page } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import sharp from 'sharp';
import { DEMO_ACCOUNT, avatarMenuButton, loginButton, loginDialog, submitLogin } from './support/auth.ts';
import { clickUntilVisible, expect, test } from './support/fixtures.ts';
import { OAUTH_PORT } from './support/ports.ts';

/**
 * Account settings journeys. Third-party login runs against a real OAuth 2.0 server
 * (oauth2-mock-server) playing GitHub on the port playwright.config.ts gives the app (E2E_PORT + 280).
 */
let provider: OAuth2Server;
let githubUser: Record<string, unknown> = {};
let lastId = Math.floor(Date.now() / 1000) % 1_000_000;

test.beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(OAUTH_PORT, '127.0.0.1');
  // Like GitHub: no id_token in the token answer, and /user answers id, login, name, avatar_url.
  provider.service.on('beforeResponse', (response: { body: Record<string, unknown> }) => {
    delete response.body.id_token;
  });
  provider.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = githubUser;
  });
});
test.afterAll(async () => {
  await provider?.stop();
});

/** The next person the provider says signed in; returns the username the site derives. */
function nextGithubUser(): string {
  lastId += 1;
  githubUser = { id: lastId, login: `e2e-${lastId}`, name: `E2E ${lastId}`, avatar_url: '' };
  return `e2e_${lastId}`;
}

function toast(page: Page, text: string | RegExp) {
  // The newest one: an earlier alert with the same text may still be showing (3 s).
  return page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text }).last();
}

/** Opens the popup from the login panel; it closes itself and the page reloads signed in. */
async function signInWithGithub(page: Page) {
  const username = nextGithubUser();
  await page.goto('/');
  await loginButton(page).click();
  const popupOpened = page.waitForEvent('popup');
  await loginDialog(page).getByRole('button', { name: '使用GitHub登录' }).click();
  const popup = await popupOpened;
  // Polled rather than awaited as an event: a quick popup may close before a listener is attached.
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(avatarMenuButton(page)).toHaveAccessibleName(`${username}的菜单`);
  return username;
}

test('third-party sign-in through the popup; the only way in cannot be unbound', { tag: '@cluster' }, async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allowFailedLoad('/api/user/v1/unbind', 400);
  const username = await signInWithGithub(page);
  // The page has just reloaded signed in: a click before hydration opens nothing, so retry it.
  const settings = page.getByRole('menuitem', { name: '设置' });
  await clickUntilVisible(avatarMenuButton(page), settings);
  await settings.click();
  await expect(page).toHaveURL(/\/user\/settings\/profile$/);
  await expect(page.getByLabel('用户名')).toHaveValue(username);

  await page.getByRole('link', { name: '账号设置' }).click();
  const bindings = page.getByRole('region', { name: '账号绑定' });
  await expect(bindings.getByText(`已绑定：E2E ${lastId}`)).toBeVisible();
  await expect(page.getByRole('list', { name: '登录设备' }).getByText('当前设备')).toBeVisible();
  await bindings.getByRole('button', { name: '解绑' }).click();
  await expect(toast(page, '这是你唯一的登录方式，请先绑定其他登录方式再解绑')).toBeVisible();
  await expect(bindings.getByText(`已绑定：E2E ${lastId}`)).toBeVisible();
});

test('binds GitHub to a password account, then unbinds it', async ({ page }) => {
  await page.goto('/');
  await submitLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(avatarMenuButton(page)).toBeVisible();
  await page.goto('/user/settings/account');
  const bindings = page.getByRole('region', { name: '账号绑定' });
  nextGithubUser();
  const popupOpened = page.waitForEvent('popup');
  await bindings.getByRole('button', { name: '绑定' }).last().click();
  const popup = await popupOpened;
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(bindings.getByText(`已绑定：E2E ${lastId}`)).toBeVisible();
  await bindings.getByRole('button', { name: '解绑' }).last().click();
  await expect(toast(page, '已解绑')).toBeVisible();
  await expect(bindings.getByText(`已绑定：E2E ${lastId}`)).toBeHidden();
});

test('profile: avatar upload and fields saved one by one', { tag: '@cluster' }, async ({ page, consoleErrors }) => {
  consoleErrors.allowFailedLoad('/api/user/v1/updateUserInfo', 400);
  await signInWithGithub(page);
  await page.goto('/user/settings');
  await expect(page).toHaveURL(/\/user\/settings\/profile$/);

  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer();
  await page.getByLabel('选择头像图片').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
  await expect(toast(page, '头像已更新')).toBeVisible();
  await expect(avatarMenuButton(page).locator('img')).toHaveAttribute('src', /^\/uploads\/avatar\/[0-9a-f]{24}\.webp$/);

  await page.getByLabel('职位').fill('前端工程师');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(toast(page, '保存成功')).toBeVisible();

  await page.getByLabel('个人主页').fill('不是链接');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(toast(page, '个人主页链接格式有误')).toBeVisible();
  await page.getByRole('button', { name: '取消' }).click();

  const renamed = `改名_${lastId}`;
  await page.getByLabel('用户名').fill(renamed);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(avatarMenuButton(page)).toHaveAccessibleName(`${renamed}的菜单`);

  await page.reload();
  await expect(page.getByLabel('职位')).toHaveValue('前端工程师');
  await expect(page.getByLabel('用户名')).toHaveValue(renamed);
});

test('password: set one, then change it with the current one', async ({ page, consoleErrors }) => {
  consoleErrors.allowFailedLoad('/api/user/v1/changePassword', 400);
  await signInWithGithub(page);
  await page.goto('/user/settings/password');
  await expect(page.getByRole('heading', { name: '设置密码' })).toBeVisible();
  await page.getByLabel('新密码', { exact: true }).fill('first-secret');
  await page.getByLabel('确认新密码').fill('first-secreX');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(toast(page, '两次输入的密码不一致')).toBeVisible();
  await page.getByLabel('确认新密码').fill('first-secret');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(toast(page, '密码已修改')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: '修改密码' })).toBeVisible();
  await page.getByLabel('新密码', { exact: true }).fill('second-secret');
  await page.getByLabel('确认新密码').fill('second-secret');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(toast(page, '当前密码不能为空')).toBeVisible();
  await page.getByLabel('当前密码').fill('wrong-secret');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(toast(page, '当前密码错误')).toBeVisible();
  await page.getByLabel('当前密码').fill('first-secret');
  await page.getByLabel('新密码', { exact: true }).fill('short');
  await page.getByLabel('确认新密码').fill('short');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(toast(page, '密码长度不能小于6位')).toBeVisible();
  await page.getByLabel('新密码', { exact: true }).fill('second-secret');
  await page.getByLabel('确认新密码').fill('second-secret');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(toast(page, '密码已修改')).toBeVisible();
});

test('mail toggles save, and a failed call reverts after a second', async ({ page, consoleErrors }) => {
  consoleErrors.allowFailedLoad('/api/mail/subscribe.php?type=follow&check=0', 500);
  await signInWithGithub(page);
  await page.goto('/user/settings/mail');
  const weekly = page.getByRole('switch', { name: '每周精选' });
  await expect(weekly).toHaveAttribute('aria-checked', 'true');
  await weekly.click();
  await expect(weekly).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(weekly).toHaveAttribute('aria-checked', 'false');

  const follow = page.getByRole('switch', { name: '关注通知' });
  await page.route('**/api/mail/subscribe.php**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ s: 0, m: '服务器出错了，请稍后再试', d: null }),
    }),
  );
  await follow.click();
  await expect(follow).toHaveAttribute('aria-checked', 'false');
  await expect(toast(page, '服务器出错了，请稍后再试')).toBeVisible();
  await expect(follow).toHaveAttribute('aria-checked', 'true');
  await page.unroute('**/api/mail/subscribe.php**');
  await page.reload();
  await expect(follow).toHaveAttribute('aria-checked', 'true');
});

test('invitation: the count and the invite form', async ({ page }) => {
  await signInWithGithub(page);
  await page.goto('/user/invitation');
  await expect(page.getByText('你还可以邀请 5 位好友加入。')).toBeVisible();
  await page.getByLabel('对方称呼').fill('老王');
  await page.getByLabel('对方邮箱').fill('不是邮箱');
  await page.getByRole('button', { name: '发送邀请' }).click();
  await expect(toast(page, '邮箱格式不正确')).toBeVisible();
  await page.getByLabel('对方邮箱').fill(`friend_${lastId}@example.org`);
  await page.getByRole('button', { name: '发送邀请' }).click();
  await expect(toast(page, '邀请邮件已发送')).toBeVisible();
  await expect(page.getByText('你还可以邀请 4 位好友加入。')).toBeVisible();
  await page.reload();
  await expect(page.getByText('你还可以邀请 4 位好友加入。')).toBeVisible();
});
