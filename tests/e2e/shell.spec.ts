import type { Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNT, avatarMenuButton, header, submitLogin } from './support/auth.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';

/**
 * The shell-wide click-through (issue 12): every link, menu item and tab of the header and the
 * home page's tab bars is clicked, signed out and signed in, at 1280 and 390 px. No click may
 * answer 5xx, throw on the page, or end on React Router's raw "Application Error", the 错误
 * view or the not-found view: every section of the header and its menus is built.
 */

/** One thing to click: found again from a fresh home page each time. */
interface Target {
  name: string;
  /** Opens what holds the element (a menu), or nothing for a plain link. */
  open?: (page: Page) => Promise<void>;
  element: (page: Page) => Locator;
  /** Chosen by keyboard (focus, Enter): a pointer on its way into a submenu crosses other items. */
  byKeyboard?: boolean;
}

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

async function openMenu(page: Page, trigger: Locator): Promise<Locator> {
  await trigger.click();
  const menu = page.getByRole('menu').last();
  await expect(menu).toBeVisible();
  return menu;
}

/** Visible links of a region, by position (their hrefs may repeat, their names may not be unique). */
async function linkTargets(page: Page, scopeName: string, scope: (page: Page) => Locator): Promise<Target[]> {
  const links = scope(page).locator('a[href]:visible');
  const count = await links.count();
  const targets: Target[] = [];
  for (let i = 0; i < count; i++) {
    const link = links.nth(i);
    const label = ((await link.getAttribute('aria-label')) ?? (await link.textContent()) ?? '').trim();
    const href = (await link.getAttribute('href')) ?? '';
    targets.push({
      name: `${scopeName}: ${label || href} (${href})`,
      element: (p) => scope(p).locator('a[href]:visible').nth(i),
    });
  }
  return targets;
}

/** The items of a dropdown menu (and of its submenus) opened by a trigger in the header. */
async function menuTargets(page: Page, menuName: string, trigger: (page: Page) => Locator): Promise<Target[]> {
  const menu = await openMenu(page, trigger(page));
  const items = await menu.getByRole('menuitem').evaluateAll((elements) =>
    elements.map((element) => ({
      label: (element as HTMLElement).textContent.trim(),
      submenu: element.getAttribute('aria-haspopup') === 'menu',
    })),
  );
  await page.keyboard.press('Escape');
  const targets: Target[] = [];
  for (const { label, submenu } of items) {
    const item = (p: Page) => p.getByRole('menu').first().getByRole('menuitem', { name: label, exact: true });
    if (!submenu) {
      targets.push({
        name: `${menuName} › ${label}`,
        open: async (p) => {
          await openMenu(p, trigger(p));
        },
        element: item,
      });
      continue;
    }
    const openSubmenu = async (p: Page) => {
      await openMenu(p, trigger(p));
      await item(p).hover();
      await expect(p.getByRole('menu')).toHaveCount(2);
    };
    await openSubmenu(page);
    const subLabels = (await page.getByRole('menu').last().getByRole('menuitem').allInnerTexts()).map((text) =>
      text.trim(),
    );
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    for (const subLabel of subLabels) {
      targets.push({
        name: `${menuName} › ${label} › ${subLabel}`,
        open: openSubmenu,
        element: (p) => p.getByRole('menu').last().getByRole('menuitem', { name: subLabel, exact: true }),
        byKeyboard: true,
      });
    }
  }
  await page.goto(page.url());
  return targets;
}

/** Everything clickable in the shell and the home page's tabs, as the viewer sees it. */
async function shellTargets(page: Page): Promise<Target[]> {
  const targets: Target[] = [];
  targets.push(...(await linkTargets(page, 'header', (p) => header(p))));
  const menuTriggers = await header(page).locator('button[aria-haspopup="menu"]:visible').all();
  for (const trigger of menuTriggers) {
    const label = ((await trigger.getAttribute('aria-label')) ?? (await trigger.textContent()) ?? '').trim();
    targets.push(
      ...(await menuTargets(page, label, (p) => header(p).getByRole('button', { name: label, exact: true }))),
    );
  }
  for (const bar of ['分类', '排序']) {
    targets.push(...(await linkTargets(page, bar, (p) => p.getByRole('main').getByRole('navigation', { name: bar }))));
  }
  targets.push(...(await linkTargets(page, 'aside', (p) => p.getByRole('complementary'))));
  return targets;
}

/** Fails on any 5xx answer while the page is watched. */
function watchServerErrors(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 500) failures.push(`${response.status()} ${response.url()}`);
  });
  return failures;
}

async function expectNoErrorScreen(page: Page, what: string) {
  await page.waitForLoadState('load');
  await expect(page.getByText('Application Error'), what).toHaveCount(0);
  for (const title of ['错误', '找不到页面']) {
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true }), what).toHaveCount(0);
  }
}

/** Whether the router shows `start` and has nothing in flight (window.__reactRouterDataRouter, framework mode). */
function routerSettledAt(start: string): boolean {
  const router = (
    window as unknown as {
      __reactRouterDataRouter?: {
        state: { navigation: { state: string }; location: { pathname: string; search: string } };
      };
    }
  ).__reactRouterDataRouter;
  if (!router) return false;
  const { navigation, location } = router.state;
  return navigation.state === 'idle' && location.pathname + location.search === start;
}

/**
 * Back at `start` as a fresh page would show it. A click that navigated in the app is undone by
 * going back (the router renders `start` again, no document to load and hydrate); anything else
 * (no navigation, a full load elsewhere, a dialog left open) loads `start` afresh.
 */
async function returnTo(page: Page, start: string) {
  const here = new URL(page.url());
  if (here.pathname + here.search !== start) {
    await page.goBack();
    const settled = await page
      .waitForFunction(routerSettledAt, start, { timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (settled && (await page.getByRole('dialog').count()) === 0) return;
  }
  await page.goto(start);
}

async function clickEverything(page: Page, start: string) {
  const serverErrors = watchServerErrors(page);
  await page.goto(start);
  const targets = await shellTargets(page);
  expect(targets.length, 'targets found in the shell').toBeGreaterThan(10);
  // shellTargets leaves the page at `start`, freshly loaded.
  for (const [index, target] of targets.entries()) {
    if (index > 0) await returnTo(page, start);
    await target.open?.(page);
    const element = target.element(page);
    await expect(element, target.name).toBeVisible();
    if (target.byKeyboard) {
      await element.focus();
      await page.keyboard.press('Enter');
    } else {
      await element.click();
    }
    // A client-side navigation settles when the router is idle and the progress bar has gone.
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.waitForTimeout(150);
    await expectNoErrorScreen(page, `after clicking ${target.name} (now at ${page.url()})`);
    expect(serverErrors, `5xx answers after clicking ${target.name}`).toEqual([]);
  }
}

for (const viewport of VIEWPORTS) {
  test.describe(`the shell at ${viewport.width}px`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 240_000 });

    test('signed out: every header link, menu and home tab works', async ({ page, consoleErrors }) => {
      // Pages for signed-in people answer 401 and open the login panel.
      consoleErrors.allowFailedLoad('', 401);
      await clickEverything(page, '/');
    });

    test('signed in: every header link, menu and home tab works', async ({ page }) => {
      await page.goto('/');
      await submitLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      await expect(avatarMenuButton(page)).toBeVisible();
      await clickEverything(page, '/timeline');
    });
  });
}

test.describe('errors outside every route', () => {
  test('a page whose meta throws in the browser shows the 错误 view inside the shell, never the raw error screen', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/journey: this page's meta fails/);
    // The search page's module as the browser loads it, with a meta function that throws.
    let rewritten = false;
    await page.route(/\/assets\/search-[\w-]+\.js$/, async (route) => {
      const response = await route.fetch();
      const source = await response.text();
      // The minifier may name the function with a $ (`$ as meta`), which \w does not match.
      if (!/[\w$]+ as meta\b/.test(source)) return route.fulfill({ response });
      rewritten = true;
      const body = source.replace(/([\w$]+) as meta\b/, '__journeyMeta as meta');
      await route.fulfill({
        response,
        body: `const __journeyMeta=()=>{throw new Error("journey: this page's meta fails")};\n${body}`,
      });
    });
    await page.goto('/');
    const search = header(page).getByRole('searchbox', { name: '搜索' });
    // Words typed while React hydrates the field may be reset by it (CI lost them once): type
    // into the hydrated field.
    await waitForHydration(search);
    await search.fill('vue');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?query=vue/);
    expect(rewritten, 'the search module was loaded and broken').toBe(true);

    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: '错误' })).toBeVisible();
    await expect(page.getByText('Application Error')).toHaveCount(0);
    await expect(page).toHaveTitle(/^错误 - /);
    // The shell is still there, and leaving is a full page load that starts afresh.
    await header(page).getByRole('link', { name: /首页$/ }).first().click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('main').getByRole('navigation', { name: '分类' })).toBeVisible();
  });
});
