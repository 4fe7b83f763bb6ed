import { roleNames } from "../role-names.ts";

/**
 * SPEC §6 platform roles: "admin" (possibly within a comma-separated role list) may manage users
 * and sessions, "user" may not; the configured ADMIN_USER_IDS are admins whatever their role.
 * better-auth's admin plugin decides the same way for its own endpoints; this is for ours.
 */
export function isPlatformAdmin(user: { id: string; role?: string | null | undefined }, adminUserIds: readonly string[]): boolean {
  if (adminUserIds.includes(user.id)) return true;
  return roleNames(user.role).includes("admin");
}
