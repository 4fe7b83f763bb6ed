import type { BetterAuthRateLimitStorage } from "@better-auth/core";
import type { Redis } from "ioredis";

/**
 * Fixed-window counter in Redis (EXPIRE NX needs Redis 7), shared by every app server. INCR is atomic, so concurrent requests
 * cannot all slip past a stale read; the key expires with its window.
 */
export function redisRateLimitStorage(redis: Redis, prefix: string): BetterAuthRateLimitStorage {
  return {
    async consume(key, rule) {
      const redisKey = `${prefix}rate-limit:${key}`;
      // EXPIRE … NX in the same transaction: the window starts with the first request, and a key
      // can never be left without a TTL (which would block that address for good).
      const [[, count], , [, ttl]] = (await redis.multi().incr(redisKey).expire(redisKey, rule.window, "NX").ttl(redisKey).exec()) as [
        [null, number],
        [null, number],
        [null, number],
      ];
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: ttl > 0 ? ttl : rule.window };
    },
  };
}
