/**
 * An ISO 8601 duration (`P30D`, `PT12H`, `P1Y2M`, `P2W`) or a number of seconds, in milliseconds —
 * what Polar accepts for `expires_in`. Months and years count as 30 and 365 days. Undefined when
 * the text is neither.
 */
export function durationMs(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const match = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text);
  if (!match || text === "P" || text.endsWith("T")) return undefined;
  const [years = 0, months = 0, weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const totalDays = years * 365 + months * 30 + weeks * 7 + days;
  return ((totalDays * 24 + hours) * 60 + minutes) * 60_000 + seconds * 1000;
}
