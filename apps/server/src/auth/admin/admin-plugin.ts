import type { HookEndpointContext } from "@better-auth/core";
import { BASE_ERROR_CODES } from "@better-auth/core/error";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin } from "better-auth/plugins";
import { defaultRoles } from "better-auth/plugins/admin/access";
import type { TenancyConfig } from "../../config.tenancy.ts";
import { IMPERSONATION_ERROR_CODES, impersonationLimits } from "./impersonation-limits.ts";

/**
 * SPEC §6 platform roles: "admin" may manage users and sessions, "user" may not; ADMIN_USER_IDS are
 * always allowed. better-auth's admin plugin, plus the hooks listed under "Departures" in
 * docs/admin.md.
 */
export function adminPlugin(tenancy: TenancyConfig) {
  const plugin = admin({
    defaultRole: "user",
    adminRoles: ["admin"],
    // Named explicitly so set-role and create-user refuse any other role (SPEC §3: admin, user);
    // without `roles` better-auth stores whatever string it is given.
    roles: defaultRoles,
    adminUserIds: tenancy.admin.userIds,
    impersonationSessionDuration: tenancy.admin.impersonationSessionDuration,
  });
  const impersonation = impersonationLimits(tenancy.admin.impersonationSessionDuration);
  return {
    ...plugin,
    $ERROR_CODES: { ...plugin.$ERROR_CODES, ...IMPERSONATION_ERROR_CODES },
    hooks: {
      ...plugin.hooks,
      after: [...(plugin.hooks.after ?? []), ...impersonation.after],
      before: [
        ...impersonation.before,
        {
          // better-auth checks only the maximum length here; SPEC §5 wants the minimum too. An empty
          // password keeps better-auth's meaning: a user without a credential account.
          matcher: (ctx: HookEndpointContext) => ctx.path === "/admin/create-user",
          handler: createAuthMiddleware(async (ctx) => {
            const password: unknown = ctx.body?.password;
            if (typeof password === "string" && password.length > 0 && password.length < ctx.context.password.config.minPasswordLength) {
              throw APIError.from("BAD_REQUEST", BASE_ERROR_CODES.PASSWORD_TOO_SHORT);
            }
          }),
        },
      ],
    },
  };
}
