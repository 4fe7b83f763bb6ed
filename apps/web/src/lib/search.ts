/**
 * TanStack Router parses query values as JSON, so `?token=123` arrives as a number
 * and `?error=true` as a boolean. Tokens and error codes are always strings to us.
 */
export function searchString(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}
