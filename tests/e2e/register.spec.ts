import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { avatarMenuButton, header, loginDialog, submitLogin } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { unique } from './support/unique.ts';

/**
 * Registration, verification codes, e-mail verification, lockout and password reset (SPEC §2.4,
 * §4, §5, §8). The server runs with CAPTCHA_TEST_ANSWERS and DEV_OUTBOX (playwright.config.ts):
 * the captcha's answer is on its image as data-answer, and SMS codes and mails are read from /dev/outbox.
 */

const PASSWORD = 'secret-123';

function newPhone(): string {
  return `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

function registerDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: '注册' });
}

/** An error alert (role alert) with the text. */
function alertWith(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text }).last();
}

/** A success alert (role status) with the text. */
function statusWith(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text }).last();
}

/** The answer the test server puts on the captcha image. */
async function captchaAnswer(scope: Locator): Promise<string> {
  const image = scope.getByTestId('captcha-image');
  await expect(image).toHaveAttribute('data-answer', /^[a-z0-9]{4}$/);
  return (await image.getAttribute('data-answer')) as string;
}

/** The newest outbox row for a recipient, read on /dev/outbox in another tab. */
async function outboxRow(page: Page, channel: 'mail' | 'sms', recipient: string): Promise<{ tab: Page; row: Locator }> {
  const tab = await page.context().newPage();
  // A fresh URL each time: signed-out pages may be cached for a few seconds.
  await tab.goto(`/dev/outbox?fresh=${unique()}`);
  await expect(tab.getByRole('heading', { level: 1, name: '开发发件箱' })).toBeVisible();
  const row = tab.locator(`li[data-channel="${channel}"][data-recipient="${recipient}"]`).first();
  await expect(row).toBeVisible();
  return { tab, row };
}

async function smsCodeFromOutbox(page: Page, phone: string): Promise<string> {
  const { tab, row } = await outboxRow(page, 'sms', phone);
  const code = ((await row.textContent()) ?? '').match(/验证码是 (\d{6})/)?.[1];
  await tab.close();
  expect(code, 'SMS code in the outbox').toMatch(/^\d{6}$/);
  return code as string;
}

async function mailLinkFromOutbox(page: Page, email: string, path: string): Promise<string> {
  const { tab, row } = await outboxRow(page, 'mail', email);
  const href = await row.getByRole('link', { name: new RegExp(path) }).getAttribute('href');
  await tab.close();
  expect(href).toContain(path);
  return new URL(href as string).pathname + new URL(href as string).search;
}

async function apiData<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const body = (await response.json()) as { s: number; m: string; d: T };
  expect(response.status(), JSON.stringify(body)).toBe(200);
  return body.d;
}

/** An account made through the API (e-mail registration), for journeys that start signed out. */
async function registerByEmailApi(request: APIRequestContext) {
  const username = `e2e_${unique()}`;
  const email = `${username}@jinsha.test`;
  const d = await apiData<{ userId: string }>(
    await request.post('/api/user/v1/createUser', { data: { email, username, password: PASSWORD } }),
  );
  return { userId: d.userId, username, email };
}

/** An account with a phone number, registered through the API with a real SMS code. */
async function registerByPhoneApi(request: APIRequestContext, page: Page) {
  const phone = newPhone();
  const username = `e2e_${unique()}`;
  const captcha = await apiData<{ imageToken: string; answer: string }>(await request.get('/api/captcha/getRandCode'));
  await apiData(
    await request.post('/api/user/v2/sendSmsCodeToUser', {
      data: { mobilePhoneNumber: phone, imageToken: captcha.imageToken, imageCode: captcha.answer, useType: 'signup' },
    }),
  );
  const smsCode = await smsCodeFromOutbox(page, phone);
  await apiData(
    await request.post('/api/user/v1/createUser', {
      data: { mobilePhoneNumber: phone, smsCode, username, password: PASSWORD },
    }),
  );
  return { phone, username };
}

async function openRegister(page: Page): Promise<Locator> {
  await header(page).getByRole('button', { name: '注册', exact: true }).click();
  const dialog = registerDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('registration', () => {
  test('the header opens the register panel, which switches with the login panel', async ({ page }) => {
    await page.goto('/');
    const dialog = await openRegister(page);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(loginDialog(page)).toBeVisible();
    await loginDialog(page).getByRole('button', { name: '注册', exact: true }).click();
    await expect(registerDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(registerDialog(page)).toBeHidden();
  });

  test('checks the form in the browser before any request', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/user/')) calls.push(request.url());
    });
    await page.goto('/');
    const dialog = await openRegister(page);
    const submit = dialog.getByRole('button', { name: '注册', exact: true });
    const expectAlert = async (message: string) => {
      await submit.click();
      await expect(alertWith(page, message)).toBeVisible();
    };
    await expectAlert('用户名不能为空');
    await dialog.getByLabel('用户名', { exact: true }).fill('has space');
    await expectAlert('用户名仅支持中英文，数字和下划线');
    await dialog.getByLabel('用户名', { exact: true }).fill('new_user');
    await dialog.getByLabel('手机号或邮箱', { exact: true }).fill('someone@');
    await expectAlert('邮箱格式不正确');
    await dialog.getByLabel('手机号或邮箱', { exact: true }).fill('1380013800');
    await expect(dialog.getByLabel('短信验证码', { exact: true })).toBeVisible();
    await expectAlert('手机号格式不正确');
    await dialog.getByLabel('手机号或邮箱', { exact: true }).fill('someone@jinsha.test');
    await expect(dialog.getByLabel('短信验证码', { exact: true })).toHaveCount(0);
    await dialog.getByLabel('图形验证码', { exact: true }).fill('ab');
    await expectAlert('请填写图形验证码');
    await dialog.getByLabel('图形验证码', { exact: true }).fill('abcd');
    await dialog.getByLabel('密码', { exact: true }).fill('12345');
    await expectAlert('密码长度不能小于6位');
    expect(calls).toEqual([]);
  });

  test('registers by e-mail, is signed in, and verifies the address from the mailed link', { tag: '@cluster' }, async ({
    page,
  }) => {
    const username = `e2e_${unique()}`;
    const email = `${username}@jinsha.test`;
    await page.goto('/');
    const dialog = await openRegister(page);
    await dialog.getByLabel('用户名', { exact: true }).fill(username);
    await dialog.getByLabel('手机号或邮箱', { exact: true }).fill(email);
    await dialog.getByLabel('图形验证码', { exact: true }).fill(await captchaAnswer(dialog));
    await dialog.getByLabel('密码', { exact: true }).fill(PASSWORD);

    // Hold the call to see the working state, then let it through.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/user/v1/createUser', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: '注册', exact: true }).click();
    await expect(dialog.getByRole('button', { name: '注册中...' })).toBeDisabled();
    release();

    // Signed in: the app reloads, and / belongs to signed-out visitors.
    await expect(page).toHaveURL('/timeline');
    await expect(avatarMenuButton(page)).toHaveAccessibleName(`${username}的菜单`);

    const link = await mailLinkFromOutbox(page, email, '/verify-email');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: '邮箱验证成功' })).toBeVisible();
    await expect(page.getByText(`${email} 已通过验证。`)).toBeVisible();
    // The link works once.
    await page.reload();
    await expect(page.getByRole('heading', { name: '邮箱验证失败' })).toBeVisible();
    await expect(page.getByText('链接无效或已过期', { exact: false })).toBeVisible();
  });

  test('registers by phone with the SMS code; a failed send refreshes the captcha', { tag: '@cluster' }, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allowFailedLoad('/api/user/v2/sendSmsCodeToUser', 400);
    const username = `e2e_${unique()}`;
    const phone = newPhone();
    await page.goto('/');
    const dialog = await openRegister(page);
    await dialog.getByLabel('用户名', { exact: true }).fill(username);
    await dialog.getByLabel('手机号或邮箱', { exact: true }).fill(phone);
    const send = dialog.getByRole('button', { name: '获取验证码' });
    await expect(send).toBeVisible();

    await send.click();
    await expect(alertWith(page, '请填写图形验证码')).toBeVisible();

    const image = dialog.getByTestId('captcha-image');
    const answer = await captchaAnswer(dialog);
    const firstToken = await image.getAttribute('data-token');
    await dialog.getByLabel('图形验证码', { exact: true }).fill(answer === 'zzzz' ? 'yyyy' : 'zzzz');
    await send.click();
    await expect(alertWith(page, '验证码错误')).toBeVisible();
    await expect(image).not.toHaveAttribute('data-token', firstToken as string);
    await expect(dialog.getByLabel('图形验证码', { exact: true })).toHaveValue('');

    await dialog.getByLabel('图形验证码', { exact: true }).fill(await captchaAnswer(dialog));
    await send.click();
    await expect(statusWith(page, '验证码已发送')).toBeVisible();
    const countdown = dialog.getByRole('button', { name: /^\d+秒后重发$/ });
    await expect(countdown).toBeDisabled();

    const code = await smsCodeFromOutbox(page, phone);
    await dialog.getByLabel('短信验证码', { exact: true }).fill(code);
    await dialog.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: '注册', exact: true }).click();
    await expect(page).toHaveURL('/timeline');
    await expect(avatarMenuButton(page)).toHaveAccessibleName(`${username}的菜单`);
  });

  test('a taken username answers 该用户名已被占用', async ({ page, request, consoleErrors }) => {
    consoleErrors.allowFailedLoad('/api/user/v1/createUser', 400);
    const taken = await registerByEmailApi(request);
    await page.goto('/');
    const dialog = await openRegister(page);
    await dialog.getByLabel('用户名', { exact: true }).fill(taken.username);
    await dialog.getByLabel('手机号或邮箱', { exact: true }).fill(`other_${taken.email}`);
    await dialog.getByLabel('图形验证码', { exact: true }).fill(await captchaAnswer(dialog));
    await dialog.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: '注册', exact: true }).click();
    await expect(alertWith(page, '该用户名已被占用')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '注册', exact: true })).toBeEnabled();
  });
});

test.describe('sign-in errors', () => {
  test('each login error shows the spec’s message', async ({ page, request, consoleErrors }) => {
    consoleErrors.allowFailedLoad('/api/passport/auth/type/email', 401);
    consoleErrors.allowFailedLoad('/api/passport/auth/type/email', 404);
    consoleErrors.allowFailedLoad('/api/passport/auth/type/phoneNumber', 404);
    const user = await registerByEmailApi(request);
    await page.goto('/');

    await submitLogin(page, '', '');
    await expect(alertWith(page, '请填写手机号或邮箱')).toBeVisible();
    await submitLogin(page, 'not-an-account', PASSWORD);
    await expect(alertWith(page, '邮箱或手机格式错误')).toBeVisible();
    await submitLogin(page, user.email, '');
    await expect(alertWith(page, '请输入密码')).toBeVisible();

    await submitLogin(page, user.email, 'wrong-password');
    await expect(alertWith(page, '密码错误')).toBeVisible();
    await submitLogin(page, newPhone(), PASSWORD);
    await expect(alertWith(page, '手机号不存在')).toBeVisible();
    await submitLogin(page, `nobody_${unique()}@jinsha.test`, PASSWORD);
    await expect(alertWith(page, '邮箱不存在')).toBeVisible();
    await expect(avatarMenuButton(page)).toHaveCount(0);
  });

  test('five wrong passwords lock the account: even the right one gets 失败次数过多', { tag: '@cluster' }, async ({
    page,
    request,
    consoleErrors,
  }) => {
    consoleErrors.allowFailedLoad('/api/passport/auth/type/email', 401);
    consoleErrors.allowFailedLoad('/api/passport/auth/type/email', 403);
    const user = await registerByEmailApi(request);
    await page.goto('/');
    for (let i = 0; i < 5; i++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/passport/auth/type/email'));
      await submitLogin(page, user.email, 'wrong-password');
      expect((await answered).status()).toBe(401);
    }
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/passport/auth/type/email'));
    await submitLogin(page, user.email, PASSWORD);
    expect((await answered).status()).toBe(403);
    await expect(alertWith(page, '失败次数过多，请稍后重试')).toBeVisible();
    await expect(avatarMenuButton(page)).toHaveCount(0);
  });
});

test.describe('password reset', () => {
  test('a forced reset (410) leads to /reset-password, and the mailed link sets a new password', async ({
    page,
    request,
    consoleErrors,
  }) => {
    consoleErrors.allowFailedLoad('/api/passport/auth/type/email', 410);
    const user = await registerByEmailApi(request);
    // An administrator flags the account (the seeded admin of README.md).
    const admin = await request.post('/api/passport/auth/type/email', {
      data: { email: 'admin@jinsha.dev', password: 'jinsha-admin' },
    });
    expect(admin.status()).toBe(200);
    await apiData(await request.post('/api/user/v1/forcePasswordReset', { data: { userId: user.userId } }));

    await page.goto('/');
    await submitLogin(page, user.email, PASSWORD);
    await expect(page).toHaveURL(/\/reset-password\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('type')).toBe('email');
    expect(url.searchParams.get('account')).toBe(user.email);
    await expect(page.getByText('为了你的账号安全，请重置密码')).toBeVisible();
    await expect(page.getByRole('tab', { name: '邮箱重置' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('邮箱', { exact: true })).toHaveValue(user.email);

    await page.getByRole('button', { name: '发送重置邮件' }).click();
    await expect(page.getByText(`重置邮件已发送至 ${user.email}`)).toBeVisible();

    await page.goto(await mailLinkFromOutbox(page, user.email, '/set-new-password'));
    await expect(page.getByRole('heading', { name: '设置新密码' })).toBeVisible();
    await page.getByLabel('新密码', { exact: true }).fill('brand-new-1');
    await page.getByLabel('确认新密码', { exact: true }).fill('brand-new-2');
    await page.getByRole('button', { name: '确认修改' }).click();
    await expect(alertWith(page, '两次输入的密码不一致')).toBeVisible();
    await page.getByLabel('确认新密码', { exact: true }).fill('brand-new-1');
    await page.getByRole('button', { name: '确认修改' }).click();
    await expect(page.getByText('密码已重置，请使用新密码登录。')).toBeVisible();

    await page.getByRole('button', { name: '去登录' }).click();
    await submitLogin(page, user.email, 'brand-new-1');
    await expect(avatarMenuButton(page)).toHaveAccessibleName(`${user.username}的菜单`);
  });

  test('resets by SMS from the login panel’s 忘记密码 link', async ({ page, request }) => {
    const user = await registerByPhoneApi(request, page);
    await page.goto('/');
    await header(page).getByRole('button', { name: '登录', exact: true }).click();
    await loginDialog(page).getByRole('link', { name: '忘记密码' }).click();
    await expect(page).toHaveURL('/reset-password');
    await expect(page.getByRole('tab', { name: '手机号重置' })).toHaveAttribute('aria-selected', 'true');

    const form = page.getByRole('form', { name: '通过手机号重置密码' });
    await form.getByLabel('手机号', { exact: true }).fill(user.phone);
    await form.getByLabel('图形验证码', { exact: true }).fill(await captchaAnswer(form));
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(statusWith(page, '验证码已发送')).toBeVisible();
    await expect(form.getByRole('button', { name: /^\d+秒后重发$/ })).toBeDisabled();

    await form.getByLabel('短信验证码', { exact: true }).fill(await smsCodeFromOutbox(page, user.phone));
    await form.getByLabel('新密码', { exact: true }).fill('brand-new-1');
    await form.getByLabel('确认新密码', { exact: true }).fill('brand-new-1');
    await form.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByText('密码已重置，请使用新密码登录。')).toBeVisible();

    await page.getByRole('button', { name: '去登录' }).click();
    await submitLogin(page, user.phone, 'brand-new-1');
    await expect(avatarMenuButton(page)).toHaveAccessibleName(`${user.username}的菜单`);
  });
});
