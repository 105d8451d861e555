import { describe, expect, it } from 'vitest';
import { authorShare, discountedPrice, formatYuan, parseYuan } from './pricing.ts';

describe('pricing', () => {
  it('discounts and shares in whole fen, rounding down', () => {
    expect(discountedPrice(1990, 0)).toBe(1990);
    expect(discountedPrice(1990, 50)).toBe(995);
    expect(discountedPrice(1999, 30)).toBe(1399);
    expect(discountedPrice(1990, 100)).toBe(0);
    expect(discountedPrice(1990, 150)).toBe(0);
    expect(authorShare(1990)).toBe(1393);
    expect(authorShare(995)).toBe(696);
    expect(authorShare(1)).toBe(0);
  });

  it('formats and parses yuan without floats', () => {
    expect(formatYuan(1990)).toBe('19.90');
    expect(formatYuan(5)).toBe('0.05');
    expect(formatYuan(-1200)).toBe('-12.00');
    expect(parseYuan('19.9')).toBe(1990);
    expect(parseYuan('0.07')).toBe(7);
    expect(parseYuan('12')).toBe(1200);
    expect(parseYuan('1.234')).toBeNull();
    expect(parseYuan('-1')).toBeNull();
    expect(parseYuan('abc')).toBeNull();
  });
});
