import { describe, expect, it } from 'vitest';
import { pinShareSuffix, pinShareText } from './share.ts';

const url = 'https://jinsha.dev/pin/0123456789abcdef01234567';

describe('pinShareText (SPEC §9: 140 characters including the suffix)', () => {
  it('keeps a short pin whole, with its suffix', () => {
    expect(pinShareText('今天  上线了', url)).toBe(`今天 上线了${pinShareSuffix(url)}`);
  });
  it('cuts a long pin so the whole text is exactly 140 characters', () => {
    const text = pinShareText('字'.repeat(500), url);
    expect(Array.from(text)).toHaveLength(140);
    expect(text.endsWith(`...${pinShareSuffix(url)}`)).toBe(true);
  });
});
