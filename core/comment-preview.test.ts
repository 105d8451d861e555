import { describe, expect, it } from 'vitest';
import { commentPreview } from './comment-preview.ts';

describe('commentPreview (SPEC §5: 10 lines of 40 characters, then an ellipsis)', () => {
  it('keeps short text whole', () => {
    expect(commentPreview('一行')).toBeNull();
    expect(commentPreview(Array(10).fill('行').join('\n'))).toBeNull();
    expect(commentPreview('字'.repeat(400))).toBeNull();
  });
  it('cuts after ten lines', () => {
    const text = Array.from({ length: 12 }, (_, i) => `第${i}行`).join('\n');
    expect(commentPreview(text)).toBe(`${Array.from({ length: 10 }, (_, i) => `第${i}行`).join('\n')}...`);
  });
  it('counts wrapped lines of 40 characters', () => {
    expect(commentPreview('字'.repeat(401))).toBe(`${'字'.repeat(400)}...`);
    expect(commentPreview(`${'a'.repeat(80)}\n${'b'.repeat(400)}`)).toBe(`${'a'.repeat(80)}\n${'b'.repeat(320)}...`);
  });
});
