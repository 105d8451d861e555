import { describe, expect, it } from 'vitest';
import { createMemoryCache } from './cache.ts';

describe('createMemoryCache', () => {
  it('answers from memory within the ttl, computes again after it', async () => {
    const cache = createMemoryCache();
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.remember('k', 0.2, compute)).toBe(1);
    expect(await cache.remember('k', 0.2, compute)).toBe(1);
    expect(await cache.remember('other', 0.2, compute)).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await cache.remember('k', 0.2, compute)).toBe(3);
  });

  it('shares one computation between callers asking at once, and keeps nothing with ttl 0', async () => {
    const cache = createMemoryCache();
    let calls = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 20));
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.remember('k', 30, slow)));
    expect(answers).toEqual([1, 1, 1, 1, 1]);
    expect(await cache.remember('none', 0, slow)).toBe(2);
    expect(await cache.remember('none', 0, slow)).toBe(3);
  });

  it('keeps null answers and lets a failure through without storing it', async () => {
    const cache = createMemoryCache();
    expect(await cache.remember('null', 30, async () => null)).toBeNull();
    expect(await cache.remember('null', 30, async () => 'later')).toBeNull();
    await expect(cache.remember('bad', 30, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.remember('bad', 30, async () => 'recovered')).toBe('recovered');
  });
});
