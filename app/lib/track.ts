/**
 * The tracking client (SPEC §7.9, §8; docs/tracking.md). Every function here is fire-and-forget:
 * it never throws, never delays the page, and a failure is only logged (console.warn). Search-engine
 * crawlers send nothing (the server, which checks with isbot, stores nothing from them either).
 * Features call `track('like', { target })`, `trackExtension('show')`…; the shell sends page views.
 */
import { TIMING } from '@core/constants.ts';
import {
  CRAWLER_PATTERN,
  ENTRY_LIST_MAX,
  ENTRY_LIST_SEPARATOR,
  type ExtensionEvent,
  type ListStatKind,
  type TrackedAction,
} from '@core/tracking.ts';
import { STORAGE_KEYS, readStorage, writeStorage } from './storage.ts';

const BASE = '/api/track';

function isCrawler(): boolean {
  return typeof navigator === 'undefined' || CRAWLER_PATTERN.test(navigator.userAgent);
}

function here(): string {
  return `${window.location.pathname}${window.location.search}`;
}

let visitorReady: Promise<string | null> | null = null;

async function send(path: string, init?: { json: unknown }): Promise<void> {
  if (isCrawler()) return;
  // Every call waits for the visitor id, so two first calls never draw two ids (two cookies).
  await ensureVisitorId();
  try {
    const response = await fetch(`${BASE}${path}`, {
      method: init ? 'POST' : 'GET',
      headers: init
        ? { 'Content-Type': 'application/json', Accept: 'application/json' }
        : { Accept: 'application/json' },
      body: init ? JSON.stringify(init.json) : undefined,
      credentials: 'same-origin',
      // Delivered even when the page is being left (a click on a link, a closed tab).
      keepalive: true,
    });
    if (!response.ok) console.warn(`tracking ${path.split('?')[0]} answered ${response.status}`);
  } catch (error) {
    console.warn('tracking failed', error);
  }
}

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A behaviour: click, like, unlike, collect, uncollect, view, share, follow, unfollow. */
export function track(action: TrackedAction, details: { target?: string; value?: string } = {}): void {
  if (typeof window === 'undefined') return;
  void send('/event', {
    json: { action, target: details.target, value: details.value, referrer: document.referrer, location: here() },
  });
}

/** The extension banner was shown, clicked or closed (SPEC §4), with the banner's version. */
export function trackExtension(event: ExtensionEvent, version?: string): void {
  if (typeof window === 'undefined') return;
  void send('/extension', { json: { event, version, location: here() } });
}

/** List statistics (GET /log, /collector): the entry ids a list showed; nothing is sent for an empty list. */
export function trackEntryList(kind: ListStatKind, entryIds: readonly string[], src?: string): void {
  if (typeof window === 'undefined' || entryIds.length === 0) return;
  for (let i = 0; i < entryIds.length; i += ENTRY_LIST_MAX) {
    const entryList = entryIds.slice(i, i + ENTRY_LIST_MAX).join(ENTRY_LIST_SEPARATOR);
    void send(`/${kind}${query({ entryList, src, location: here() })}`);
  }
}

let lastPageView = 0;
let lastLocation = '';

/**
 * A page view (GET /punch): at most one per 300 ms (SPEC §9), the same address not twice in a
 * row (a search-parameter change that re-renders is not a new view).
 */
export function trackPageView(referrer?: string): void {
  if (typeof window === 'undefined') return;
  const now = Date.now();
  const location = here();
  if (now - lastPageView < TIMING.pageViewThrottleMs || location === lastLocation) return;
  lastPageView = now;
  lastLocation = location;
  void send(`/punch${query({ location, referrer: referrer ?? document.referrer })}`);
}

/**
 * The anonymous visitor id (SUID), kept in local storage as well as the server's cookie: asked
 * for once (GET /gen_suid); a kept id restores a lost cookie. Null for crawlers or on failure.
 */
export function ensureVisitorId(): Promise<string | null> {
  visitorReady ??= fetchVisitorId();
  return visitorReady;
}

async function fetchVisitorId(): Promise<string | null> {
  if (typeof window === 'undefined' || isCrawler()) return null;
  const kept = readStorage(STORAGE_KEYS.visitorId);
  // Once per browser session: the cookie is checked (and restored from the kept id) at its start.
  if (kept && readStorage(STORAGE_KEYS.visitorId, 'session') === kept) return kept;
  try {
    const response = await fetch(`${BASE}/gen_suid${query({ suid: kept ?? undefined })}`, {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
    const body = (await response.json()) as { s: number; d: { suid: string | null } | null };
    const suid = body.s === 1 ? (body.d?.suid ?? null) : null;
    if (suid) {
      if (suid !== kept) writeStorage(STORAGE_KEYS.visitorId, suid);
      writeStorage(STORAGE_KEYS.visitorId, suid, 'session');
    }
    return suid;
  } catch (error) {
    console.warn('visitor id failed', error);
    return kept;
  }
}
