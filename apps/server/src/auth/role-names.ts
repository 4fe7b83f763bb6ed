/**
 * The names in a role value. better-auth keeps several roles as one comma-separated string
 * ("member, admin", platform and organization roles alike), and some endpoints also take an array;
 * names are trimmed and empty ones dropped, so "admin" is found however the list was written.
 */
export const roleNames = (role: unknown): string[] =>
  (Array.isArray(role) ? role : [role])
    .filter((r): r is string => typeof r === "string")
    .flatMap((r) => r.split(","))
    .map((r) => r.trim())
    .filter(Boolean);
