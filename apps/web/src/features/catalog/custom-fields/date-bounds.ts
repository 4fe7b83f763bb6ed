// A date custom field's bounds travel as Unix seconds (properties.ge / le); people pick calendar
// days. A day is taken at 00:00 UTC, so the answer a customer gives for that day is within bounds.

/** "2026-03-01" from 1772323200; "" when unset. */
export function dateFromUnixSeconds(value: unknown): string {
  return typeof value === "number" ? new Date(value * 1000).toISOString().slice(0, 10) : "";
}

/** 1772323200 from "2026-03-01"; null when empty or not a date. */
export function unixSecondsFromDate(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const millis = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(millis) ? null : millis / 1000;
}
