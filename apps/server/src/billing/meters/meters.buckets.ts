import type { TimeInterval } from "./meters.schemas.ts";

/** Wall-clock time in a time zone, month 1-based. */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

function wallClock(instant: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, Number(p.value)]),
  );
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const asUtc = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** The instant a wall-clock time names in the zone (the earlier one when a DST change repeats it). */
function instantOf(w: WallClock, timeZone: string): number {
  const guess = asUtc(w);
  let instant = guess - (asUtc(wallClock(guess, timeZone)) - guess);
  // One correction covers an offset that differs on the two sides of a DST change.
  instant = guess - (asUtc(wallClock(instant, timeZone)) - instant);
  return instant;
}

/** The start of the interval holding `w`, as PostgreSQL's date_trunc does it (weeks start on Monday). */
function truncate(w: WallClock, interval: TimeInterval): WallClock {
  switch (interval) {
    case "hour":
      return { ...w, minute: 0, second: 0 };
    case "day":
      return { ...w, hour: 0, minute: 0, second: 0 };
    case "week": {
      const weekday = (new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() + 6) % 7;
      const monday = new Date(Date.UTC(w.year, w.month - 1, w.day - weekday));
      return { year: monday.getUTCFullYear(), month: monday.getUTCMonth() + 1, day: monday.getUTCDate(), hour: 0, minute: 0, second: 0 };
    }
    case "month":
      return { ...w, day: 1, hour: 0, minute: 0, second: 0 };
    case "year":
      return { ...w, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  }
}

/** Steps a truncated wall-clock time by one interval; Date.UTC normalizes overflowing fields. */
function step(w: WallClock, interval: TimeInterval): WallClock {
  const next = new Date(
    Date.UTC(
      w.year + (interval === "year" ? 1 : 0),
      w.month - 1 + (interval === "month" ? 1 : 0),
      w.day + (interval === "day" ? 1 : interval === "week" ? 7 : 0),
      w.hour + (interval === "hour" ? 1 : 0),
    ),
  );
  return {
    year: next.getUTCFullYear(),
    month: next.getUTCMonth() + 1,
    day: next.getUTCDate(),
    hour: next.getUTCHours(),
    minute: 0,
    second: 0,
  };
}

/**
 * Bucket starts from the interval holding `start` to the one holding `end`, in the zone; undefined
 * when there would be more than `max`.
 */
export function bucketStarts(start: Date, end: Date, interval: TimeInterval, timeZone: string, max: number): Date[] | undefined {
  if (interval === "hour") {
    // Hours step in real time, so the hour a DST change repeats is counted twice, as it was lived.
    const aligned = instantOf(truncate(wallClock(start.getTime(), timeZone), interval), timeZone);
    const first = start.getTime() - ((((start.getTime() - aligned) % 3_600_000) + 3_600_000) % 3_600_000);
    const count = Math.floor((end.getTime() - first) / 3_600_000) + 1;
    if (count > max) return undefined;
    return Array.from({ length: count }, (_, index) => new Date(first + index * 3_600_000));
  }
  const last = instantOf(truncate(wallClock(end.getTime(), timeZone), interval), timeZone);
  let wall = truncate(wallClock(start.getTime(), timeZone), interval);
  const starts: Date[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (;;) {
    const instant = instantOf(wall, timeZone);
    if (instant > last) return starts;
    // Around a DST change two wall-clock times can name one instant: keep it once.
    if (instant > previous) {
      if (starts.length === max) return undefined;
      starts.push(new Date(instant));
      previous = instant;
    }
    wall = step(wall, interval);
  }
}
