import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server.ts";

// scripts/test.mjs sets TEST_REDIS_URL when a Redis answers; without one these tests are skipped
// (and under CI that skip fails the run).
const redisUrl = process.env.TEST_REDIS_URL ?? "";
// A prefix of its own, so reruns and parallel runs never share counters.
const prefix = `gatehouse-test-${randomBytes(4).toString("hex")}:`;

let server: TestServer;
let redis: Redis;
beforeAll(async () => {
  if (!redisUrl) return;
  redis = new Redis(redisUrl);
  server = await startTestServer({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_MAX: "4" });
});
afterAll(async () => {
  if (!redisUrl) return;
  await server.stop();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe.runIf(redisUrl)("rate limiting with REDIS_URL", () => {
  it("counts in Redis, not in the database, and answers 429 past the limit", async () => {
    const browser = server.client();
    for (let i = 0; i < 4; i++) expect((await browser.fetch("/api/auth/ok")).status).toBe(200);
    const blocked = await browser.fetch("/api/auth/ok");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("x-retry-after"))).toBeGreaterThan(0);

    const key = `${prefix}rate-limit:127.0.0.1|/ok`;
    expect(Number(await redis.get(key))).toBe(5);
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
    expect(await server.deps.db.selectFrom("rateLimit").selectAll().execute()).toEqual([]);
  });

  it("shares the counter between two app servers on the same Redis", async () => {
    const second = await startTestServer({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_MAX: "4" });
    try {
      // The first server already used up /ok for this address in the test above.
      expect((await second.client().fetch("/api/auth/ok")).status).toBe(429);
    } finally {
      await second.stop();
    }
  });
});
