import type { BetterAuthRateLimitStorage } from "@better-auth/core";
import type { Redis } from "ioredis";

/**
 * Fixed-window counter in Redis, shared by every app server. INCR is atomic, so concurrent requests
 * cannot all slip past a stale read; the key expires with its window.
 */
export function redisRateLimitStorage(redis: Redis, prefix: string): BetterAuthRateLimitStorage {
  return {
    async consume(key, rule) {
      const redisKey = `${prefix}rate-limit:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(redisKey).ttl(redisKey).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.expire(redisKey, rule.window);
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: ttl > 0 ? ttl : rule.window };
    },
  };
}
