import { admin } from "better-auth/plugins";
import type { TenancyConfig } from "../../config.tenancy.ts";

/** SPEC §6 platform roles: "admin" may manage users and sessions, "user" may not. */
export function adminPlugin(tenancy: TenancyConfig) {
  return admin({
    defaultRole: "user",
    adminRoles: ["admin"],
    adminUserIds: tenancy.admin.userIds,
    impersonationSessionDuration: tenancy.admin.impersonationSessionDuration,
  });
}
