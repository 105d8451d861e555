import { LRUCache } from 'lru-cache';

/**
 * Recent answers kept in this process, for reads that are the same for everyone who asks (an
 * anonymous search, say). Each instance keeps its own: an answer may be as old as its ttl,
 * which is what the public Cache-Control of the same pages already allows a shared cache.
 */
export interface AnswerCache {
  /**
   * The answer stored under `key` while younger than `ttlSeconds`, else `compute()`'s, stored;
   * callers asking for the same missing key at once share one computation. A ttl of 0 or less
   * always computes.
   */
  remember<T>(key: string, ttlSeconds: number, compute: () => Promise<T>): Promise<T>;
}

/** Boxed, so that any answer (null included) is a value the cache can hold. */
interface Stored {
  value: unknown;
}

export function createMemoryCache(maxEntries = 5000): AnswerCache {
  const answers = new LRUCache<string, Stored, () => Promise<unknown>>({
    max: maxEntries,
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });
  return {
    async remember<T>(key: string, ttlSeconds: number, compute: () => Promise<T>): Promise<T> {
      if (ttlSeconds <= 0) return compute();
      const stored = await answers.fetch(key, { context: compute, ttl: ttlSeconds * 1000 });
      return stored?.value as T;
    },
  };
}
