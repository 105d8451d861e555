import { test as base, expect, type Locator } from '@playwright/test';

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
 * Every journey fails on an uncaught page error or a console error it did not ask for: the
 * errors are collected while the test runs and checked after it, with the page's URL at the time.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ page }, use) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      page.on('pageerror', (error) => seen.push(`pageerror at ${page.url()}: ${error.stack ?? error.message}`));
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
