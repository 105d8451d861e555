import { describe, expect, it } from 'vitest';
import { isSiteOrWebLink, isUserImageUrl, isWebUrl, safeImageUrl } from './user-urls.ts';

const SITE = 'https://jinsha.example';

describe('isUserImageUrl', () => {
  it('accepts our uploads and other sites’ http(s) images', () => {
    for (const url of [
      '/uploads/images/0123456789abcdef01234567.webp',
      '/uploads/avatars/a.png',
      `${SITE}/uploads/images/a.webp`,
      'https://img.example.com/a.png',
      'http://img.example.com/a.png?size=2',
      'https://cdn.example.com/api/image.png',
    ]) {
      expect(isUserImageUrl(url, SITE), url).toBe(true);
    }
  });

  it('refuses every other path of this site, relative or absolute, and other schemes', () => {
    for (const url of [
      '/api/post/entryDel?entryId=0123456789abcdef01234567',
      '/api/mail/subscribe.php?type=week&check=0',
      '/uploads/../api/post/entryDel',
      '/uploads//evil.example/a.png',
      '/uploads/a.png?x=/api',
      '/user/0123456789abcdef01234567',
      '/',
      'api/post/entryDel?entryId=1',
      '../api/post/entryDel',
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      `${SITE}/api/post/entryDel?entryId=0123456789abcdef01234567`,
      `${SITE.toUpperCase()}/api/notification/setUserNotificationNum`,
      `${SITE}/uploads/a.webp?then=/api`,
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'blob:https://jinsha.example/1',
      'ftp://example.com/a.png',
      'https://img.example.com/a b.png',
      'https://img.example.com/\na.png',
      '',
    ]) {
      expect(isUserImageUrl(url, SITE), url).toBe(false);
    }
  });

  it('without the site origin (in the browser’s render) still refuses site paths', () => {
    expect(isUserImageUrl('/api/post/entryDel?entryId=1')).toBe(false);
    expect(isUserImageUrl('/uploads/a.webp')).toBe(true);
    expect(safeImageUrl('/api/x')).toBe('');
    expect(safeImageUrl(null)).toBe('');
    expect(safeImageUrl('https://img.example.com/a.png')).toBe('https://img.example.com/a.png');
  });
});

describe('the demo covers', () => {
  it('are images (static files), while other paths of the site stay refused', () => {
    expect(isUserImageUrl('/covers/1.svg')).toBe(true);
    expect(isUserImageUrl('/covers/24.svg')).toBe(true);
    for (const path of ['/covers/../api/x', '/covers/1.svg?x=1', '/covers/a.svg', '/covers/1.png', '/coversx/1.svg']) {
      expect(isUserImageUrl(path), path).toBe(false);
    }
  });
});

describe('isSiteOrWebLink (an event’s or a banner’s link)', () => {
  it('takes a path of this site or an http(s) address', () => {
    for (const link of [
      '/books',
      '/events/beijing?month=2026-12',
      '/',
      'https://example.com/a?b=1',
      'http://example.com',
    ]) {
      expect(isSiteOrWebLink(link), link).toBe(true);
    }
  });

  it('never a path under our own /api, however it is spelled', () => {
    for (const link of [
      '/api',
      '/api/post/entryDel?entryId=0123456789abcdef01234567',
      '/API/post/entryDel',
      '/%61pi/post/entryDel',
      '/books/../api/post/entryDel',
      '/./api/mail/subscribe.php',
    ]) {
      expect(isSiteOrWebLink(link), link).toBe(false);
    }
    expect(isSiteOrWebLink('/apis')).toBe(true);
  });

  it('refuses other schemes, protocol-relative and malformed addresses', () => {
    for (const link of [
      'javascript:alert(1)',
      '//evil.example/a',
      '/\\evil.example',
      '/a b',
      'books',
      'ftp://x.example',
      '',
    ]) {
      expect(isSiteOrWebLink(link), link).toBe(false);
    }
    expect(isWebUrl('/books')).toBe(false);
  });
});
