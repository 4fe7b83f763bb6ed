import { createHash } from "node:crypto";
import type { BetterAuthRateLimitStorage } from "@better-auth/core";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { redisRateLimitStorage } from "../../auth/rate-limit-storage.ts";
import type { Deps } from "../../deps.ts";
import { clientIp } from "../../http/client-ip.ts";
import type { V1Env } from "./openapi.ts";
import { polarErrors } from "./polar-errors.ts";

/** Polar counts requests per minute. */
const WINDOW_SECONDS = 60;
/** Past this many live counters the in-memory store drops the finished windows. */
const SWEEP_AT = 10_000;

/** Fixed windows in this process's memory: enough for one server; several share Redis instead. */
function memoryStorage(now: () => number): BetterAuthRateLimitStorage {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let sweptAt = Number.NEGATIVE_INFINITY;
  return {
    async consume(key, rule) {
      const at = now();
      // At most once a second: while more than SWEEP_AT windows are still open (a flood of made-up
      // tokens), sweeping on every request would walk the whole map each time.
      if (windows.size > SWEEP_AT && at - sweptAt >= 1000) {
        sweptAt = at;
        for (const [k, w] of windows) if (w.endsAt <= at) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        window = { count: 0, endsAt: at + rule.window * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((window.endsAt - at) / 1000)) };
    },
  };
}

const digest = (text: string) => createHash("sha256").update(text).digest("base64url");

/**
 * Whose allowance a request spends: the bearer token, else the dashboard session, else the client
 * address. Keyed before the credential is checked, so a refused request counts too.
 */
function callerKey(c: Parameters<MiddlewareHandler<V1Env>>[0], deps: Deps): string {
  const bearer = c.req.header("authorization");
  if (bearer) return `bearer:${digest(bearer)}`;
  const session = Object.entries(getCookie(c)).find(([name]) => name.endsWith("session_token"))?.[1];
  if (session) return `session:${digest(session)}`;
  return `ip:${clientIp(c, deps.config.trustedProxies)}`;
}

/** BILLING_RATE_LIMIT_MAX requests a minute per caller on /v1, answered 429 with Retry-After beyond. */
export function v1RateLimit(deps: Deps): MiddlewareHandler<V1Env> {
  const max = deps.config.rateLimit.billingMax;
  if (max === 0) return (_c, next) => next();
  const storage = deps.redis
    ? redisRateLimitStorage(deps.redis, `${deps.config.redisKeyPrefix}v1:`)
    : memoryStorage(() => deps.clock.now().getTime());
  return async (c, next) => {
    const verdict = await storage.consume(callerKey(c, deps), { window: WINDOW_SECONDS, max });
    if (!verdict.allowed) throw polarErrors.tooManyRequests(verdict.retryAfter ?? WINDOW_SECONDS);
    await next();
  };
}
