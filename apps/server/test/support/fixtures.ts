import { randomBytes } from "node:crypto";
import { vi } from "vitest";

export const SECOND = 1000;
export const HOUR = 3600 * SECOND;
export const DAY = 24 * HOUR;

/** An address no other test uses. */
export const uniqueEmail = (tag: string) => `${tag}-${randomBytes(4).toString("hex")}@example.com`;

/**
 * Freezes Date at the real current time and returns it; move it with vi.setSystemTime. Only Date is
 * faked: timers stay real, so sockets and the database keep working. Undo with vi.useRealTimers().
 */
export function freezeDate(): number {
  const start = Date.now();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(start);
  return start;
}
