import { DEMO_ACCOUNT, avatarMenuButton, loginButton, loginDialog, submitLogin } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

/** SPEC §2.4, verbatim. */
const LOGOUT_CONFIRM_TEXT = '确定登出吗？每一片贫瘠的土地都需要坚定的挖掘者！';

test.describe('sign in and out', () => {
  test('wrong password and unknown e-mail are told apart', async ({ page, consoleErrors }) => {
    consoleErrors.allowFailedLoad('/api/passport/auth/type/email', 401);
    consoleErrors.allowFailedLoad('/api/passport/auth/type/email', 404);
    await page.goto('/');

    const dialog = await submitLogin(page, DEMO_ACCOUNT.email, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: '密码错误' })).toBeVisible();
    await expect(dialog).toBeVisible();

    await submitLogin(page, 'nobody-here@jinsha.dev', DEMO_ACCOUNT.password);
    await expect(page.getByRole('alert').filter({ hasText: '邮箱不存在' })).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(avatarMenuButton(page)).toHaveCount(0);
  });

  test('the demo account signs in through the header and out through the avatar menu', { tag: '@cluster' }, async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/');
    await submitLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    // Success reloads the page; / belongs to signed-out visitors, so it moves to the timeline.
    await expect(page).toHaveURL('/timeline');
    await expect(avatarMenuButton(page)).toHaveAccessibleName(`${DEMO_ACCOUNT.username}的菜单`);

    await page.reload();
    await expect(avatarMenuButton(page)).toBeVisible();
    await expect(loginButton(page)).toHaveCount(0);

    await page.goto('/');
    await expect(page).toHaveURL('/timeline');

    await avatarMenuButton(page).click();
    await page.getByRole('menuitem', { name: '登出' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('heading')).toHaveText(LOGOUT_CONFIRM_TEXT);
    await expect(confirm).toHaveAccessibleName(LOGOUT_CONFIRM_TEXT);

    // Cancel keeps the session; 确定 ends it.
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(confirm).toBeHidden();
    await expect(avatarMenuButton(page)).toBeVisible();

    await avatarMenuButton(page).click();
    await page.getByRole('menuitem', { name: '登出' }).click();
    // Signed out, the reloaded timeline answers 401 and the app goes home with the login panel.
    consoleErrors.allowFailedLoad('/timeline', 401);
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL('/');
    await expect(loginDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(loginButton(page)).toBeVisible();
    await expect(avatarMenuButton(page)).toHaveCount(0);
  });
});
