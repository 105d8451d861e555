import { describe, expect, it } from 'vitest';
import { shouldShowRequestHealth } from './request-health-alert.tsx';
import { currentNavItem } from './nav-items.ts';

describe('currentNavItem', () => {
  it('counts /, the welcome and the timeline routes as 首页', () => {
    for (const path of ['/', '/welcome', '/welcome/frontend', '/timeline', '/timeline/subscribe']) {
      expect(currentNavItem(path)?.label).toBe('首页');
    }
  });
  it('finds the other sections, including their detail pages', () => {
    expect(currentNavItem('/books/frontend')?.label).toBe('小册');
    expect(currentNavItem('/book/6b02496525c96e669b13173e')?.label).toBe('小册');
    expect(currentNavItem('/repos')?.label).toBe('开源库');
    expect(currentNavItem('/events/all')?.label).toBe('活动');
  });
  it('has no section elsewhere, and prefixes must match whole segments', () => {
    expect(currentNavItem('/search')).toBeUndefined();
    expect(currentNavItem('/welcomeback')).toBeUndefined();
    expect(currentNavItem('/booksy')).toBeUndefined();
  });
});

describe('shouldShowRequestHealth', () => {
  it('shows after more than 2 errors unless closed in the last 24 h', () => {
    expect(shouldShowRequestHealth(2, false)).toBe(false);
    expect(shouldShowRequestHealth(3, false)).toBe(true);
    expect(shouldShowRequestHealth(3, true)).toBe(false);
  });
});
