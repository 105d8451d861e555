import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The seeded demo account of README.md. */
export const DEMO_ACCOUNT = { email: 'demo@jinsha.dev', password: 'jinsha-demo', username: '金砂体验官' } as const;

export function header(page: Page): Locator {
  return page.getByRole('banner');
}

export function headerSearch(page: Page): Locator {
  return header(page).getByRole('searchbox', { name: '搜索' });
}

export function loginButton(page: Page): Locator {
  return header(page).getByRole('button', { name: '登录', exact: true });
}

/** The signed-in avatar button that opens the user menu. */
export function avatarMenuButton(page: Page): Locator {
  return header(page).getByRole('button', { name: /的菜单$/ });
}

export function loginDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: '登录' });
}

/** Opens the auth modal from the header and submits the login panel; the caller checks what follows. */
export async function submitLogin(page: Page, account: string, password: string): Promise<Locator> {
  const dialog = loginDialog(page);
  if (!(await dialog.isVisible())) await loginButton(page).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('手机号或邮箱').fill(account);
  await dialog.getByLabel('密码').fill(password);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  return dialog;
}
