const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Waits between an event's attempts: the first retry comes quickly (a blip), later ones spread out
 * so an endpoint that is down for a weekend still gets everything. Ten attempts span about three
 * days (71 h 35 min 5 s), like Polar's and Stripe's schedules.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  20 * HOUR,
];

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** How long after its creation an event is retried, measured from its own creation. */
export const RETRY_WINDOW_MS = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);

/**
 * A failing head holds back the later events of its endpoint, so a later event may become head
 * with its window already spent. It still gets this many attempts of its own before it fails:
 * after a long outage the backlog then drains at a few minutes per event (or at once, once the
 * endpoint answers) instead of three days per event.
 */
export const MIN_ATTEMPTS_AFTER_WINDOW = 3;

/**
 * Bounds for a receiver's `Retry-After`. Below 5 s a "Retry-After: 0" would turn the worker into
 * a hot loop against a struggling server; above a day, one answer would park the endpoint's whole
 * queue (everything behind the head waits) for longer than our own schedule ever would.
 */
export const RETRY_AFTER_MIN_MS = 5 * SECOND;
export const RETRY_AFTER_MAX_MS = 24 * HOUR;

export interface FailedAttempt {
  /** Attempts made so far, this failed one included. */
  attempts: number;
  createdAt: Date;
  now: Date;
  /** The receiver's `Retry-After`, already parsed (see `parseRetryAfter`). */
  retryAfterMs?: number | undefined;
}

/** When to try a failed event again, or null when it has had its chances and fails. */
export function nextAttemptAt({ attempts, createdAt, now, retryAfterMs }: FailedAttempt): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const windowSpent = now.getTime() >= createdAt.getTime() + RETRY_WINDOW_MS;
  if (windowSpent && attempts >= MIN_ATTEMPTS_AFTER_WINDOW) return null;
  const scheduled = RETRY_DELAYS_MS[Math.max(0, attempts - 1)] ?? HOUR;
  const delay = retryAfterMs === undefined ? scheduled : Math.min(RETRY_AFTER_MAX_MS, Math.max(RETRY_AFTER_MIN_MS, retryAfterMs));
  return new Date(now.getTime() + delay);
}

/**
 * `Retry-After` as milliseconds from `now`: either delay-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Anything else is ignored (undefined), so a malformed header falls back to the schedule.
 */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * SECOND;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date) || !/[a-z]/i.test(trimmed)) return undefined;
  return Math.max(0, date - now.getTime());
}
