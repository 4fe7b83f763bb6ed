/**
 * Splits a comma-separated role list (SPEC §3: a member or user may hold several roles at once, as
 * "admin,member"); an absent role is no roles.
 */
export const roleList = (role: string | null | undefined) =>
  (role ?? "")
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);

/** Whether a comma-separated role list includes this role. */
export const hasRole = (role: string | null | undefined, name: string) => roleList(role).includes(name);
