/** A stored timestamp (Date on PostgreSQL, ISO text on SQLite) as the wire wants it: ISO 8601 in UTC. */
export function toIso(value: Date | string): string;
export function toIso(value: Date | string | null | undefined): string | null;
export function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A boolean column (0/1 on SQLite). */
export const toBool = (value: boolean | number | null | undefined): boolean => Boolean(value);
