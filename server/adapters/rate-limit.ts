import type { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface LimitRule {
  /** A name unique per rule, e.g. 'login-account'. */
  name: string;
  points: number;
  durationSeconds: number;
  /** Once exhausted, block for this long (defaults to the window). */
  blockSeconds?: number;
}

/**
 * Counters for rate limits and lockouts, shared across instances through Redis when REDIS_URL is
 * set, else per process. `consume` throws nothing: it answers whether the key is still allowed.
 */
export interface RateLimits {
  readonly kind: 'redis' | 'memory';
  consume(rule: LimitRule, key: string, points?: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Is the key currently over its limit (without spending a point)? */
  isBlocked(rule: LimitRule, key: string): Promise<boolean>;
  reset(rule: LimitRule, key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * ioredis is required only when REDIS_URL is set: a process without Redis does not load it
 * (≈ 10 MB of RSS with what it pulls in; docs/performance.md, session 9).
 */
function connectRedis(redisUrl: string): Redis {
  const ioredis = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  return new ioredis.Redis(redisUrl, { enableOfflineQueue: false, lazyConnect: false });
}

export function createRateLimits(redisUrl?: string): RateLimits {
  const redis = redisUrl ? connectRedis(redisUrl) : null;
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiter = (rule: LimitRule) => {
    let found = limiters.get(rule.name);
    if (!found) {
      const options = {
        keyPrefix: `jinsha:${rule.name}`,
        points: rule.points,
        duration: rule.durationSeconds,
        blockDuration: rule.blockSeconds ?? rule.durationSeconds,
      };
      found = redis ? new RateLimiterRedis({ storeClient: redis, ...options }) : new RateLimiterMemory(options);
      limiters.set(rule.name, found);
    }
    return found;
  };
  return {
    kind: redis ? 'redis' : 'memory',
    async consume(rule, key, points = 1) {
      try {
        await limiter(rule).consume(key, points);
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) };
        }
        throw error;
      }
    },
    async isBlocked(rule, key) {
      const res = await limiter(rule).get(key);
      return res !== null && res.consumedPoints >= rule.points;
    },
    async reset(rule, key) {
      await limiter(rule).delete(key);
    },
    async close() {
      if (!redis) return;
      // A lost Redis must not turn a clean shutdown into a crash: QUIT only over a live connection.
      if (redis.status !== 'ready') {
        redis.disconnect();
        return;
      }
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
