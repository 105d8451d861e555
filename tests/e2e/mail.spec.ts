import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNT } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

interface ApiUser {
  id: string;
  username: string;
}

/** The newest mail to an address in /dev/outbox with this subject (the job runner sends it within seconds). */
async function mailIn(page: Page, recipient: string, subject: string) {
  const mail = page.locator(`li[data-recipient="${recipient}"]`).filter({ hasText: subject }).first();
  await expect(async () => {
    await page.goto('/dev/outbox');
    await expect(mail).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return mail;
}

test('a new follower mail reaches the author; its link unsubscribes signed out', async ({ page }) => {
  // A newcomer follows the demo account (its follow mails are on, its address verified).
  const username = `fan${randomBytes(3).toString('hex')}`;
  const registered = await page.request.post('/api/user/v1/createUser', {
    data: { email: `${username}@example.com`, username, password: 'secret-123' },
  });
  expect(registered.status()).toBe(200);
  const feed = await page.request.get('/api/timeline/get_entry_by_timeline', { params: { limit: 100 } });
  const { d } = (await feed.json()) as { d: { entrylist: Array<{ user: ApiUser }> } };
  const demo = d.entrylist.map((e) => e.user).find((u) => u.username === DEMO_ACCOUNT.username);
  expect(demo, 'an entry of the demo account').toBeDefined();
  if (!demo) return;

  await page.goto(`/user/${demo.id}`);
  await page.getByRole('button', { name: `关注 ${demo.username}` }).click();
  await expect(page.getByRole('button', { name: `已关注 ${demo.username}` })).toHaveAttribute('aria-pressed', 'true');

  const mail = await mailIn(page, DEMO_ACCOUNT.email, `${username} 关注了你`);
  await expect(mail).toContainText('「关注通知」');
  const link = await mail.getByRole('link', { name: /\/unsubscribe\?token=/ }).getAttribute('href');
  expect(link).toBeTruthy();

  // Signed out, from the mail's link: the page asks, the button unsubscribes.
  await page.context().clearCookies();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: '退订「关注通知」邮件' })).toBeVisible();
  await page.getByRole('button', { name: '确认退订' }).click();
  await expect(page.getByRole('heading', { name: '已退订「关注通知」' })).toBeVisible();

  // The demo account's settings show the subscription off.
  const signedIn = await page.request.post('/api/passport/auth/type/email', {
    data: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  expect(signedIn.status()).toBe(200);
  await page.goto('/user/settings/mail');
  await expect(page.getByRole('switch', { name: '关注通知' })).toHaveAttribute('aria-checked', 'false');
  // Turned back on for the other journeys.
  await page.getByRole('switch', { name: '关注通知' }).click();
  await expect(page.getByRole('switch', { name: '关注通知' })).toHaveAttribute('aria-checked', 'true');

  // A forged link is refused with the spec's words, and changes nothing.
  await page.goto('/unsubscribe?token=forged');
  await expect(page.getByRole('heading', { name: '无法退订' })).toBeVisible();
  await expect(page.getByText('退订链接无效')).toBeVisible();
});

test('an invited friend registers through the mailed link; the inviter sees who joined', async ({ page }) => {
  const signIn = () =>
    page.request.post('/api/passport/auth/type/email', {
      data: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
  expect((await signIn()).status()).toBe(200);
  await page.goto('/user/invitation');
  const left = page.getByText(/你还可以邀请 \d+ 位好友加入/);
  const before = Number((await left.locator('strong').textContent()) ?? '');
  const friend = `friend${randomBytes(3).toString('hex')}`;
  await page.getByLabel('对方称呼').fill('小周');
  await page.getByLabel('对方邮箱').fill(`${friend}@example.com`);
  await page.getByRole('button', { name: '发送邀请' }).click();
  await expect(left.locator('strong')).toHaveText(String(before - 1));
  await expect(page.getByText(`${friend}@example.com`)).toBeVisible();

  const mail = await mailIn(page, `${friend}@example.com`, '邀请你加入');
  const link = await mail.getByRole('link', { name: /\/invite\?token=/ }).getAttribute('href');
  await page.context().clearCookies();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: `${DEMO_ACCOUNT.username} 邀请你加入金砂` })).toBeVisible();
  await expect(page.getByRole('button', { name: '接受邀请并注册' })).toBeVisible();
  // Registering in this browser (the page kept the invitation for the registration call).
  const registered = await page.request.post('/api/user/v1/createUser', {
    data: { email: `${friend}@example.com`, username: friend, password: 'secret-123' },
  });
  expect(registered.status()).toBe(200);

  await page.context().clearCookies();
  expect((await signIn()).status()).toBe(200);
  await page.goto('/user/invitation');
  await expect(page.getByRole('link', { name: friend })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `${friend}@example.com` })).toContainText('已加入：');
});
