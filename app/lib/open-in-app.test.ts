import { describe, expect, it } from 'vitest';
import { type OpenInAppHost, deepLinkOf, openInApp, platformOf, safeAppPath } from './open-in-app.ts';

/** A host whose clock is moved by hand: no real timers. */
function fakeHost() {
  const log: string[] = [];
  let timer: { run: () => void; ms: number } | null = null;
  let leave: (() => void) | null = null;
  const host: OpenInAppHost = {
    launch: (link) => log.push(`launch ${link}`),
    fallback: () => log.push('fallback'),
    setTimeout: (run, ms) => {
      timer = { run, ms };
      return 1;
    },
    clearTimeout: () => {
      timer = null;
    },
    onLeave: (left) => {
      leave = left;
      return () => {
        leave = null;
      };
    },
  };
  return {
    host,
    log,
    fire: () => timer?.run(),
    waited: () => timer?.ms,
    leave: () => leave?.(),
  };
}

describe('open in app', () => {
  it('launches the deep link and falls back after 3000 ms when the page stayed in front', () => {
    const fake = fakeHost();
    openInApp(deepLinkOf('jinsha', '/post/abc'), fake.host);
    expect(fake.log).toEqual(['launch jinsha://open?path=%2Fpost%2Fabc']);
    expect(fake.waited()).toBe(3000);
    fake.fire();
    expect(fake.log).toEqual(['launch jinsha://open?path=%2Fpost%2Fabc', 'fallback']);
  });

  it('does not fall back when the app took the page away, or after a cancel', () => {
    const left = fakeHost();
    openInApp('jinsha://open?path=%2F', left.host);
    left.leave();
    left.fire();
    expect(left.log).toEqual(['launch jinsha://open?path=%2F']);

    const cancelled = fakeHost();
    const cancel = openInApp('jinsha://open?path=%2F', cancelled.host);
    cancel();
    cancelled.fire();
    expect(cancelled.log).not.toContain('fallback');
  });

  it('opens only paths of this site and tells phones apart', () => {
    expect(safeAppPath('/entry/1')).toBe('/entry/1');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil', '', null, '/a b']) {
      expect(safeAppPath(bad)).toBe('/');
    }
    expect(platformOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(platformOf('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android');
    expect(platformOf('Mozilla/5.0 (X11; Linux x86_64)')).toBeNull();
  });
});
