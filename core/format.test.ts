import { describe, expect, it } from 'vitest';
import { collapseWhitespace, formatCount, formatDate, formatDateTime, formatRelativeTime, truncate } from './format.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const ago = (seconds: number) => NOW - seconds * 1000;

describe('formatRelativeTime', () => {
  it('shows 刚刚 under a minute and minutes from 60 s', () => {
    expect(formatRelativeTime(ago(0), NOW)).toBe('刚刚');
    expect(formatRelativeTime(ago(59), NOW)).toBe('刚刚');
    expect(formatRelativeTime(ago(59.999), NOW)).toBe('刚刚');
    expect(formatRelativeTime(ago(60), NOW)).toBe('1分钟前');
    expect(formatRelativeTime(ago(3599), NOW)).toBe('59分钟前');
  });

  it('switches to hours, days, months and years at each boundary', () => {
    expect(formatRelativeTime(ago(3600), NOW)).toBe('1小时前');
    expect(formatRelativeTime(ago(86_399), NOW)).toBe('23小时前');
    expect(formatRelativeTime(ago(86_400), NOW)).toBe('1天前');
    expect(formatRelativeTime(ago(29 * 86_400), NOW)).toBe('29天前');
    expect(formatRelativeTime(ago(30 * 86_400), NOW)).toBe('1个月前');
    expect(formatRelativeTime(ago(364 * 86_400), NOW)).toBe('12个月前');
    expect(formatRelativeTime(ago(365 * 86_400), NOW)).toBe('1年前');
    expect(formatRelativeTime(ago(3 * 365 * 86_400 + 5), NOW)).toBe('3年前');
  });

  it('accepts dates, ISO strings and epoch milliseconds', () => {
    const value = ago(7200);
    expect(formatRelativeTime(new Date(value), NOW)).toBe('2小时前');
    expect(formatRelativeTime(new Date(value).toISOString(), NOW)).toBe('2小时前');
    expect(formatRelativeTime(value, NOW)).toBe('2小时前');
  });

  it('shows 刚刚 for times slightly in the future (clock skew)', () => {
    expect(formatRelativeTime(NOW + 5000, NOW)).toBe('刚刚');
  });
});

describe('formatDateTime and formatDate', () => {
  it('write China time whatever zone the process runs in, so server and browser render the same', () => {
    // 16:30 UTC is half past midnight of the next day in China.
    expect(formatDateTime('2026-11-24T16:30:00Z')).toBe('2026-11-25 00:30');
    expect(formatDate('2026-11-24T16:30:00Z')).toBe('2026-11-25');
    expect(formatDateTime(new Date(Date.UTC(2026, 0, 1, 1, 5)))).toBe('2026-01-01 09:05');
  });
});

describe('formatCount', () => {
  it('keeps counts up to 1000 as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1000');
  });

  it('shows K above 1000 and M above a million, with one decimal cut not rounded', () => {
    expect(formatCount(1001)).toBe('1K');
    expect(formatCount(1234)).toBe('1.2K');
    expect(formatCount(1299)).toBe('1.2K');
    expect(formatCount(999_999)).toBe('999.9K');
    expect(formatCount(1_000_001)).toBe('1M');
    expect(formatCount(3_456_789)).toBe('3.4M');
  });
});

describe('truncate', () => {
  it('leaves text within the limit untouched', () => {
    expect(truncate('前端开发', 4)).toBe('前端开发');
    expect(truncate('', 3)).toBe('');
  });

  it('counts CJK characters one each', () => {
    expect(truncate('服务端渲染与首屏性能', 5)).toBe('服务端渲染...');
  });

  it('never splits an emoji in half', () => {
    expect(truncate('👍🎉🚀✨', 2)).toBe('👍🎉...');
    expect(truncate('a😀b', 2)).toBe('a😀...');
  });

  it('takes another ellipsis', () => {
    expect(truncate('abcdef', 3, '…')).toBe('abc…');
  });
});

describe('collapseWhitespace', () => {
  it('turns runs of whitespace into single spaces and trims', () => {
    expect(collapseWhitespace('  一行\n\n二行\t 三行  ')).toBe('一行 二行 三行');
  });
});
