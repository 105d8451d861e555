import { TIMING } from '@core/constants.ts';

/**
 * The hand-off to the mobile app (SPEC §1, §4): try the app's URL scheme; when the page is still
 * in front after 3000 ms, the app did not open (not installed), so fall back (a store page or
 * the download section). The page going to the background (hidden, pagehide) means the app took over.
 */
export interface OpenInAppHost {
  /** Starts the app: navigates to the deep link. */
  launch(deepLink: string): void;
  /** What to do when the app did not open. */
  fallback(): void;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Calls `left` when the page goes to the background; returns the unsubscribe. */
  onLeave(left: () => void): () => void;
}

/** `jinsha://open?path=%2Fpost%2F…`: the app opens the same page. */
export function deepLinkOf(scheme: string, path: string): string {
  return `${scheme}://open?path=${encodeURIComponent(path)}`;
}

/** Only a path of this site is opened in the app (not //host, not a full URL). */
export function safeAppPath(value: string | null | undefined): string {
  return value && /^\/(?![/\\])/.test(value) && !/[\s\\]/.test(value) ? value : '/';
}

/** Which store page suits this phone: iOS, Android, or none (a desktop). */
export function platformOf(userAgent: string): 'ios' | 'android' | null {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return null;
}

/** Starts one attempt; returns a cancel that stops the fallback (a second click, leaving the page). */
export function openInApp(deepLink: string, host: OpenInAppHost, waitMs: number = TIMING.openInAppFallbackMs) {
  let done = false;
  const finish = () => {
    done = true;
    host.clearTimeout(timer);
    unsubscribe();
  };
  const unsubscribe = host.onLeave(() => {
    if (!done) finish();
  });
  const timer = host.setTimeout(() => {
    if (done) return;
    finish();
    host.fallback();
  }, waitMs);
  host.launch(deepLink);
  return () => {
    if (!done) finish();
  };
}

/** The browser's host: a hidden page counts as the app having opened. */
export function browserHost(fallback: () => void): OpenInAppHost {
  return {
    launch: (deepLink) => {
      window.location.href = deepLink;
    },
    fallback,
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    onLeave: (left) => {
      const onVisibility = () => {
        if (document.visibilityState === 'hidden') left();
      };
      document.addEventListener('visibilitychange', onVisibility);
      window.addEventListener('pagehide', left);
      return () => {
        document.removeEventListener('visibilitychange', onVisibility);
        window.removeEventListener('pagehide', left);
      };
    },
  };
}
