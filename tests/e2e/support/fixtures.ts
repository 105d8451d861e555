import { test as base, expect, type Locator, type Page, type Request } from '@playwright/test';

export interface ConsoleErrors {
  /**
   * Lets through the console error Chromium logs for a 4xx answer the test provokes on purpose
   * ("Failed to load resource: … status of 401"), for that path and status only.
   */
  allowFailedLoad(path: string, status: number): void;
  /** Lets through errors matching a pattern: a journey that breaks the page on purpose. */
  allow(pattern: RegExp): void;
  /** The errors seen so far that no allowed pattern matches. */
  unexpected(): string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where a page stands in its hydration: 'hydrated' once the root's hydration effects have run
 * (app/root.tsx sets data-hydrated then) and no Suspense boundary is still dehydrated (a lazy
 * widget, 举报 or 评论, whose chunk has not arrived: its buttons do nothing yet), otherwise what
 * it waits for. The boundaries are read from React's fibers; should their shape change, the
 * check degrades to the root's attribute alone. A document React Router did not render (JSON,
 * XML, a bare error) counts as hydrated. Runs in the page: it must stay self-contained.
 */
function hydrationState(): string {
  if (!('__reactRouterContext' in window)) return 'hydrated';
  if (!document.documentElement.hasAttribute('data-hydrated')) return 'the document has not hydrated';
  type Fiber = {
    tag: number;
    memoizedState: { dehydrated?: unknown } | null;
    child: Fiber | null;
    sibling: Fiber | null;
  };
  const key = Object.keys(document).find((name) => name.startsWith('__reactContainer$'));
  const current = key
    ? (document as unknown as Record<string, { stateNode?: { current?: Fiber } }>)[key]?.stateNode?.current
    : undefined;
  const stack: Fiber[] = current ? [current] : [];
  while (stack.length > 0) {
    const fiber = stack.pop() as Fiber;
    // 13 is a Suspense boundary; a dehydrated one still shows the server's HTML, without handlers.
    if (fiber.tag === 13 && fiber.memoizedState?.dehydrated) return 'a Suspense boundary has not hydrated';
    if (fiber.sibling) stack.push(fiber.sibling);
    if (fiber.child) stack.push(fiber.child);
  }
  return 'hydrated';
}

const HYDRATION_TIMEOUT = 15_000;
/** Whether the running test waits for hydration before acting (the `awaitHydration` option). */
let guarding = false;
/** A page's main-frame document requests still loading, and whether its document has hydrated. */
interface DocumentState {
  inFlight: Set<Request>;
  hydrated: boolean;
}
const documents = new WeakMap<Page, DocumentState>();

/**
 * Follows the page's documents: a click that navigates starts a main-frame document request, and
 * the document that request brings has not hydrated yet. Once a document has, it stays so (what
 * React renders later is rendered by the client), so it is read only once.
 */
function trackDocuments(page: Page): DocumentState {
  const known = documents.get(page);
  if (known) return known;
  const state: DocumentState = { inFlight: new Set(), hydrated: false };
  const isDocument = (request: Request) => {
    try {
      return request.isNavigationRequest() && request.frame() === page.mainFrame();
    } catch {
      return false;
    }
  };
  page.on('request', (request) => {
    if (!isDocument(request)) return;
    state.inFlight.add(request);
    state.hydrated = false;
  });
  page.on('requestfinished', (request) => state.inFlight.delete(request));
  page.on('requestfailed', (request) => state.inFlight.delete(request));
  documents.set(page, state);
  return state;
}

/**
 * Resolves once the page's document has loaded and hydrated (see hydrationState); throws after
 * 15 s with what it was waiting for.
 */
export async function untilHydrated(page: Page): Promise<void> {
  const tracked = trackDocuments(page);
  const deadline = Date.now() + HYDRATION_TIMEOUT;
  for (;;) {
    let state = 'a page is loading';
    if (tracked.inFlight.size === 0) {
      if (tracked.hydrated) return;
      try {
        state = await page.evaluate(hydrationState);
      } catch (error) {
        if (page.isClosed()) return;
        // A navigation replaced the document while it was read: read the new one.
        state = `the page could not be read (${String(error).split('\n')[0]})`;
      }
      if (state === 'hydrated' && tracked.inFlight.size === 0) {
        tracked.hydrated = true;
        return;
      }
    }
    if (Date.now() > deadline)
      throw new Error(`${page.url()} has not hydrated in ${HYDRATION_TIMEOUT / 1000} s: ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Method = (this: unknown, ...args: unknown[]) => Promise<unknown>;

/** Makes `names` of `prototype` first wait until the page `pageOf(this)` has hydrated. */
function guard(prototype: object, names: string[], pageOf: (self: unknown) => Page | undefined): void {
  const methods = prototype as Record<string, Method & { hydrationGuard?: true }>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== 'function' || original.hydrationGuard) continue;
    const guarded = async function (this: unknown, ...args: unknown[]) {
      const page = guarding ? pageOf(this) : undefined;
      if (page) await untilHydrated(page);
      return original.apply(this, args);
    };
    methods[name] = Object.assign(guarded, { hydrationGuard: true as const });
  }
}

/** Makes the navigations of `names` resolve only once the new document has hydrated. */
function guardNavigations(prototype: object, names: Record<string, number>): void {
  const methods = prototype as Record<string, Method & { hydrationGuard?: true }>;
  for (const [name, optionsAt] of Object.entries(names)) {
    const original = methods[name];
    if (typeof original !== 'function' || original.hydrationGuard) continue;
    const guarded = async function (this: unknown, ...args: unknown[]) {
      const page = this as Page;
      if (guarding) trackDocuments(page);
      const result = await original.apply(this, args);
      // A journey that asks for an earlier moment ('commit', 'domcontentloaded') gets it.
      const waitUntil = (args[optionsAt] as { waitUntil?: string } | undefined)?.waitUntil;
      if (guarding && (waitUntil === undefined || waitUntil === 'load' || waitUntil === 'networkidle'))
        await untilHydrated(page);
      return result;
    };
    methods[name] = Object.assign(guarded, { hydrationGuard: true as const });
  }
}

/**
 * A click before React has hydrated the page does nothing (the server's button has no handler
 * yet), and words typed into a field React then hydrates may be reset: every journey failure
 * CI has seen came from acting too early. So in every journey, unless it sets `awaitHydration:
 * false` to act before hydration on purpose, Playwright's actions wait for the page to have
 * hydrated: `goto`, `reload`, `goBack`, `goForward` and `waitForURL` resolve once it has, and
 * every locator action (click, fill, press…) and keystroke first waits for it, which covers a
 * full-page navigation a click started (its document request is awaited too). The methods are
 * wrapped on Playwright's prototypes, so pages a journey opens itself are covered as well.
 */
function installHydrationGuards(page: Page): void {
  guardNavigations(Object.getPrototypeOf(page), { goto: 1, reload: 0, goBack: 0, goForward: 0, waitForURL: 1 });
  const locatorActions = ['click', 'dblclick', 'tap', 'hover', 'fill', 'clear', 'type', 'pressSequentially', 'press'];
  const formActions = ['check', 'uncheck', 'setChecked', 'selectOption', 'setInputFiles', 'dragTo', 'dispatchEvent'];
  guard(Object.getPrototypeOf(page.locator('html')), [...locatorActions, ...formActions], (locator) =>
    (locator as Locator).page(),
  );
  guard(Object.getPrototypeOf(page.keyboard), ['press', 'type', 'insertText'], (keyboard) => {
    const owner = (keyboard as { _page?: Page })._page;
    if (!owner) throw new Error("fixtures.ts: Playwright's Keyboard no longer keeps its page in _page");
    return owner;
  });
}

/**
 * Every journey fails on an uncaught page error or a console error it did not ask for: the
 * errors are collected while the test runs and checked after it, with the page's URL at the time.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors; awaitHydration: boolean; hydrationGuard: undefined }>({
  awaitHydration: [true, { option: true }],
  hydrationGuard: [
    async ({ page, awaitHydration }, use) => {
      installHydrationGuards(page);
      guarding = awaitHydration;
      await use(undefined);
      guarding = false;
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      page.on('pageerror', (error) => seen.push(`pageerror at ${page.url()}: ${error.stack ?? error.message}`));
      // The server renders each templated signed-in page the usual way too (VIEWER_PAGES_VERIFY): any difference fails.
      page.on('response', (response) => {
        if (response.headers()['x-viewer-page'] === 'differs')
          seen.push(`viewer page differs from its template at ${response.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const where = message.location().url || page.url();
        seen.push(`console.error at ${where}: ${message.text()}`);
      });
      const errors: ConsoleErrors = {
        allowFailedLoad: (path, status) =>
          allowed.push(
            new RegExp(
              `^console\\.error at [^ ]*${escapeRegExp(path)}: Failed to load resource: .*status of ${status}\\b`,
            ),
          ),
        allow: (pattern) => allowed.push(pattern),
        unexpected: () => seen.filter((line) => !allowed.some((pattern) => pattern.test(line))),
      };
      await use(errors);
      expect(errors.unexpected(), 'console errors and uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Clicks `trigger` until `opened` shows. A click before the page has hydrated does nothing (the
 * server-rendered button has no handler yet), so a journey that clicks straight after a load
 * retries the click rather than wait for a fixed time.
 */
export async function clickUntilVisible(trigger: Locator, opened: Locator): Promise<void> {
  await expect(async () => {
    await trigger.click();
    await expect(opened).toBeVisible({ timeout: 1000 });
  }).toPass();
}

/** Waits until React has hydrated `element` (it carries React's props): its handlers are live. */
export async function waitForHydration(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
}

/**
 * Holds the page's scripts (/assets/*.js) from now until the returned function is called: the
 * page shows the server's HTML with no handlers, as a person on a slow line sees it. Only for a
 * journey that sets `awaitHydration: false` (its actions would otherwise wait for hydration).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
