import { describe, expect, it } from "vitest";
import {
  MAX_ATTEMPTS,
  MIN_ATTEMPTS_AFTER_WINDOW,
  nextAttemptAt,
  parseRetryAfter,
  RETRY_AFTER_MAX_MS,
  RETRY_DELAYS_MS,
  RETRY_WINDOW_MS,
} from "./webhooks.retry.ts";

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const created = new Date("2026-03-01T00:00:00.000Z");
const at = (ms: number) => new Date(created.getTime() + ms);

describe("webhook retry schedule", () => {
  it("grows from seconds to hours and spans about three days", () => {
    expect(RETRY_DELAYS_MS[0]).toBe(5 * SECOND);
    for (let i = 1; i < RETRY_DELAYS_MS.length; i++) expect(RETRY_DELAYS_MS[i]).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i - 1] as number);
    expect(RETRY_WINDOW_MS).toBeGreaterThan(70 * HOUR);
    expect(RETRY_WINDOW_MS).toBeLessThan(74 * HOUR);
  });

  it("waits the scheduled delay after each failed attempt of a fresh event", () => {
    let now = created;
    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts++) {
      const next = nextAttemptAt({ attempts, createdAt: created, now });
      expect(next?.getTime()).toBe(now.getTime() + (RETRY_DELAYS_MS[attempts - 1] as number));
      now = next as Date;
    }
    expect(nextAttemptAt({ attempts: MAX_ATTEMPTS, createdAt: created, now })).toBeNull();
  });

  it("gives an event that became head after its window still a few attempts", () => {
    const late = at(RETRY_WINDOW_MS + 10 * HOUR);
    for (let attempts = 1; attempts < MIN_ATTEMPTS_AFTER_WINDOW; attempts++) {
      expect(nextAttemptAt({ attempts, createdAt: created, now: late })).not.toBeNull();
    }
    expect(nextAttemptAt({ attempts: MIN_ATTEMPTS_AFTER_WINDOW, createdAt: created, now: late })).toBeNull();
  });

  it("uses the receiver's Retry-After instead of the schedule, within bounds", () => {
    const now = at(HOUR);
    expect(nextAttemptAt({ attempts: 4, createdAt: created, now, retryAfterMs: 90 * SECOND })?.getTime()).toBe(now.getTime() + 90 * SECOND);
    expect(nextAttemptAt({ attempts: 1, createdAt: created, now, retryAfterMs: 0 })?.getTime()).toBe(now.getTime() + 5 * SECOND);
    expect(nextAttemptAt({ attempts: 1, createdAt: created, now, retryAfterMs: 30 * 24 * HOUR })?.getTime()).toBe(
      now.getTime() + RETRY_AFTER_MAX_MS,
    );
    expect(nextAttemptAt({ attempts: MAX_ATTEMPTS, createdAt: created, now, retryAfterMs: 10 * SECOND })).toBeNull();
  });
});

describe("Retry-After", () => {
  const now = new Date("2026-03-01T12:00:00.000Z");
  it("reads delay-seconds", () => {
    expect(parseRetryAfter("120", now)).toBe(120 * SECOND);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
  });
  it("reads an HTTP date relative to now", () => {
    expect(parseRetryAfter("Sun, 01 Mar 2026 12:05:00 GMT", now)).toBe(5 * 60 * SECOND);
    expect(parseRetryAfter("Sun, 01 Mar 2026 11:00:00 GMT", now)).toBe(0);
  });
  it("ignores what it cannot read", () => {
    for (const value of [undefined, "", "soon", "-5", "1.5"]) expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});
