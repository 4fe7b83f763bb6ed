import type { TenancyConfig } from "../../config.tenancy.ts";

/**
 * SPEC §6: a platform admin holds the role "admin" (possibly in a comma-separated list), or is one
 * of the configured ADMIN_USER_IDS, which are always allowed.
 */
export function isPlatformAdmin(user: { id: string; role?: unknown }, tenancy: TenancyConfig): boolean {
  if (tenancy.admin.userIds.includes(user.id)) return true;
  return (
    typeof user.role === "string" &&
    user.role
      .split(",")
      .map((r) => r.trim())
      .includes("admin")
  );
}
