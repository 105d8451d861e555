import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNavigationSlot } from './after-navigation.ts';
import { alertMessageFor } from './alerts.ts';
import { ApiError, REQUEST_ERROR_EVENT, apiFetch, requireLoginOr } from './api-client.ts';
import { barrageTypeFor } from './barrage.ts';
import { nextHeaderHidden } from './header-visibility.ts';
import { throttle } from './throttle.ts';
import { withUnreadPrefix } from './unread-count.ts';

describe('afterNavigationSlot', () => {
  it('keeps a value for the next page only, and gives it once', () => {
    const slot = afterNavigationSlot<string>();
    expect(slot.take('a')).toBeNull();
    slot.put('login', 'a');
    expect(slot.take('a')).toBeNull();
    expect(slot.take('b')).toBe('login');
    expect(slot.take('c')).toBeNull();
  });
  it('keeps only the latest value; slots do not share it', () => {
    const first = afterNavigationSlot<string>();
    const second = afterNavigationSlot<string>();
    first.put('old', 'a');
    first.put('new', 'b');
    expect(second.take('c')).toBeNull();
    expect(first.take('b')).toBeNull();
    expect(first.take('c')).toBe('new');
  });
});

describe('barrageTypeFor', () => {
  it('maps the comment shortcut words', () => {
    expect(barrageTypeFor('233')).toBe('233');
    expect(barrageTypeFor(' 666 ')).toBe('666');
    expect(barrageTypeFor('牛')).toBe('up');
    expect(barrageTypeFor('赞')).toBe('up');
  });
  it('ignores anything else', () => {
    expect(barrageTypeFor('2333')).toBeNull();
    expect(barrageTypeFor('太牛了')).toBeNull();
    expect(barrageTypeFor('')).toBeNull();
  });
});

describe('withUnreadPrefix', () => {
  it('adds, replaces and removes the (N) prefix', () => {
    expect(withUnreadPrefix('首页 - 金砂', 3)).toBe('(3) 首页 - 金砂');
    expect(withUnreadPrefix('(3) 首页 - 金砂', 12)).toBe('(12) 首页 - 金砂');
    expect(withUnreadPrefix('(12) 首页 - 金砂', 0)).toBe('首页 - 金砂');
  });
});

describe('nextHeaderHidden', () => {
  it('always shows within the first 400px', () => {
    expect(nextHeaderHidden(0, 300, 400, false)).toBe(false);
    expect(nextHeaderHidden(900, 400, 400, true)).toBe(false);
  });
  it('hides scrolling down past 400px and shows scrolling up', () => {
    expect(nextHeaderHidden(390, 450, 400, false)).toBe(true);
    expect(nextHeaderHidden(900, 880, 400, true)).toBe(false);
    expect(nextHeaderHidden(900, 900, 400, true)).toBe(true);
  });
});

describe('throttle', () => {
  it('runs at once, then once more at the end of the window', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 100);
    throttled.run();
    throttled.run();
    throttled.run();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(2);
    throttled.run();
    throttled.cancel();
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});

describe('requireLoginOr', () => {
  it('returns the viewer when signed in', () => {
    const open = vi.fn();
    expect(requireLoginOr({ id: 'a' }, open)).toEqual({ id: 'a' });
    expect(open).not.toHaveBeenCalled();
  });
  it('opens login and rejects locally with 401 Unauthorized when signed out', () => {
    const open = vi.fn();
    let caught: unknown;
    try {
      requireLoginOr(null, open);
    } catch (error) {
      caught = error;
    }
    expect(open).toHaveBeenCalledOnce();
    expect(caught).toBeInstanceOf(ApiError);
    expect(caught).toMatchObject({ status: 401, m: 'Unauthorized', local: true });
    expect(alertMessageFor(caught)).toBeNull();
  });
});

describe('apiFetch', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('unwraps d on s = 1 and sends JSON with same-origin credentials', async () => {
    const fetchMock = vi.fn(async () => json({ s: 1, m: 'ok', d: { id: 'x' } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/api/passport/auth/type/email', { json: { email: 'a@b.co' } })).resolves.toEqual({
      id: 'x',
    });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/passport/auth/type/email');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"email":"a@b.co"}' });
  });

  it('throws ApiError with status, s and m on failures', async () => {
    vi.stubGlobal('fetch', async () => json({ s: 0, m: '密码错误', d: null }, 401));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 401, s: 0, m: '密码错误' });
    vi.stubGlobal('fetch', async () => json({ s: 2, m: 'Not Found', d: null }, 200));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 200, s: 2, m: 'Not Found' });
    vi.stubGlobal('fetch', async () => new Response('<html>', { status: 502 }));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 502, s: 0 });
  });

  it('reports network failures and the 20 s timeout as request errors', async () => {
    const events: unknown[] = [];
    const target = new EventTarget();
    target.addEventListener(REQUEST_ERROR_EVENT, (event) => events.push((event as CustomEvent).detail));
    vi.stubGlobal('window', target);

    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiFetch('/api/a')).rejects.toMatchObject({ status: 0 });

    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_path: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const slow = apiFetch('/api/b');
    const settled = expect(slow).rejects.toMatchObject({ status: 0, m: '请求超时，请稍后重试' });
    await vi.advanceTimersByTimeAsync(20_000);
    await settled;
    expect(events).toEqual([
      { path: '/api/a', reason: 'network' },
      { path: '/api/b', reason: 'timeout' },
    ]);
  });

  it('does not count a call the caller aborted', async () => {
    const events: unknown[] = [];
    const target = new EventTarget();
    target.addEventListener(REQUEST_ERROR_EVENT, () => events.push(1));
    vi.stubGlobal('window', target);
    vi.stubGlobal(
      'fetch',
      (_path: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const controller = new AbortController();
    const call = apiFetch('/api/c', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toThrow('aborted');
    expect(events).toEqual([]);
  });
});
