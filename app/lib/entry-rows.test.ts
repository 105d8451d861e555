import { describe, expect, it } from 'vitest';
import { ROW_ABSTRACT_WIDTH, clipToWidth } from './entry-rows.ts';

describe('clipToWidth', () => {
  it('keeps a text that fits, and counts a Chinese character as two', () => {
    expect(clipToWidth('短摘要', 6)).toBe('短摘要');
    expect(clipToWidth('短摘要', 5)).toBe('短摘…');
    expect(clipToWidth('abcdef', 6)).toBe('abcdef');
  });

  it('cuts a long Chinese abstract to about two lines, and a Latin one at twice the characters', () => {
    const chinese = '增长不是某个部门的事，也不是靠几次爆款活动就能解决的。'.repeat(10);
    const clippedChinese = clipToWidth(chinese, ROW_ABSTRACT_WIDTH);
    expect(clippedChinese.endsWith('…')).toBe(true);
    expect([...clippedChinese].length).toBe(ROW_ABSTRACT_WIDTH / 2 + 1);
    const latin = 'Vite serves source files over native ESM. '.repeat(10);
    const clippedLatin = clipToWidth(latin, ROW_ABSTRACT_WIDTH);
    expect(clippedLatin.length).toBeLessThanOrEqual(ROW_ABSTRACT_WIDTH + 1);
    expect(clippedLatin.length).toBeGreaterThan(ROW_ABSTRACT_WIDTH - 10);
  });

  it('never splits a character outside the basic plane', () => {
    const clipped = clipToWidth('𠀀'.repeat(10), 5);
    expect(clipped).toBe('𠀀𠀀…');
  });
});
