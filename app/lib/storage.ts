/**
 * Web storage that never throws: private modes and full quotas make localStorage throw, and a
 * remembered preference is never worth an error. Server-side (no window) reads give null.
 */
type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string, which: Area = 'local'): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Storage full or disabled: the preference lasts only for this page.
  }
}

/** Storage keys, prefixed so they never collide with other sites' code on the same origin. */
export const STORAGE_KEYS = {
  theme: 'jinsha:theme',
  extensionBannerVersion: 'jinsha:extension-banner-version',
  extensionBannerClosed: 'jinsha:extension-banner-closed',
  requestErrorCount: 'jinsha:request-error-count',
  requestHealthClosedAt: 'jinsha:request-health-closed-at',
  /** The anonymous visitor id (SUID, SPEC §3), also held in the server's cookie. */
  visitorId: 'jinsha:suid',
} as const;
