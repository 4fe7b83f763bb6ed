import { defaultKeyHasher } from "@better-auth/api-key";
import type { GenericEndpointContext, HookEndpointContext } from "@better-auth/core";
import { getCurrentAdapter } from "@better-auth/core/context";
import { defineErrorCodes } from "@better-auth/core/utils/error-codes";
import { APIError, createAuthEndpoint, createAuthMiddleware, getAuthoritativeSessionFromCtx } from "better-auth/api";
import type { TenancyConfig } from "../../config.tenancy.ts";
import { isPlatformAdmin } from "../admin/platform-admin.ts";

/** The header better-auth's api-key plugin reads a key from (its default). */
export const API_KEY_HEADER = "x-api-key";

export const API_KEY_RULE_ERROR_CODES = defineErrorCodes({
  YOU_ARE_NOT_ALLOWED_TO_DELETE_EXPIRED_API_KEYS: "You are not allowed to delete expired API keys",
  API_KEY_CANNOT_MANAGE_API_KEYS: "An API key cannot create, update or delete API keys. Sign in instead.",
  API_KEY_SESSION_NOT_ALLOWED_HERE: "An API key can only read the session and work in organizations. Sign in instead.",
});

interface BanState {
  banned?: boolean | null;
  banExpires?: Date | string | null;
}

/** A ban counts until its expiry; better-auth lifts an expired one at the user's next sign-in. */
const isBanned = (user: BanState | null | undefined) =>
  !!user?.banned && !(user.banExpires && new Date(user.banExpires).getTime() < Date.now());

/**
 * Banning ends a user's sessions; their keys must stop too. better-auth verifies a key without
 * looking at its owner, so this runs as the plugin's custom validator (on /api-key/verify and on
 * API-key sessions). An unknown key passes here and better-auth refuses it with its own message.
 */
export async function ownerIsNotBanned({ ctx, key }: { ctx: GenericEndpointContext; key: string }): Promise<boolean> {
  const row = await ctx.context.adapter.findOne<{ referenceId: string }>({
    model: "apikey",
    where: [{ field: "key", value: await defaultKeyHasher(key) }],
  });
  if (!row) return true;
  return !isBanned((await ctx.context.internalAdapter.findUserById(row.referenceId)) as BanState | null);
}

const keyManagementPaths = new Set(["/api-key/create", "/api-key/update", "/api-key/delete", "/api-key/delete-all-expired-api-keys"]);

/**
 * What a key may do when it acts as its owner: read the session and work in organizations. Nothing
 * else — above all nothing that creates a lasting way in (passkeys, linked accounts, sessions), reads
 * session tokens, or manages keys, so a leaked key cannot outlive its revocation.
 */
const allowedForKeySessions = (path: string) => path === "/get-session" || path.startsWith("/organization/");

/**
 * With API_KEY_SESSIONS=true a key acts as its owner, but only on the allow-list above. (A key
 * session is always "fresh", so better-auth's own fresh-session checks would not stop it.)
 */
export const keySessionLimits = {
  matcher: (ctx: HookEndpointContext) => !!ctx.path && !!ctx.headers?.get(API_KEY_HEADER) && !allowedForKeySessions(ctx.path),
  handler: createAuthMiddleware(async (ctx) => {
    throw APIError.from(
      "FORBIDDEN",
      keyManagementPaths.has(ctx.path ?? "")
        ? API_KEY_RULE_ERROR_CODES.API_KEY_CANNOT_MANAGE_API_KEYS
        : API_KEY_RULE_ERROR_CODES.API_KEY_SESSION_NOT_ALLOWED_HERE,
    );
  }),
};

/**
 * SPEC §7 lists POST /api-key/delete-all-expired-api-keys; better-auth 1.7 makes it server-only.
 * Here it answers over HTTP to platform admins (and still to server calls without a request),
 * deleting what better-auth's own clean-up deletes: keys whose expiry has passed.
 */
export function deleteAllExpiredApiKeysEndpoint(tenancy: TenancyConfig) {
  return createAuthEndpoint("/api-key/delete-all-expired-api-keys", { method: "POST" }, async (ctx) => {
    const session = await getAuthoritativeSessionFromCtx(ctx);
    if (!session && (ctx.request || ctx.headers)) throw APIError.from("UNAUTHORIZED", { code: "UNAUTHORIZED", message: "Unauthorized" });
    if (session && !isPlatformAdmin(session.user, tenancy.admin.userIds)) {
      throw APIError.from("FORBIDDEN", API_KEY_RULE_ERROR_CODES.YOU_ARE_NOT_ALLOWED_TO_DELETE_EXPIRED_API_KEYS);
    }
    const deleted = await ctx.context.adapter.deleteMany({
      model: "apikey",
      where: [
        { field: "expiresAt", operator: "lt", value: new Date() },
        { field: "expiresAt", operator: "ne", value: null },
      ],
    });
    return ctx.json({ success: true, error: null, deleted });
  });
}

/**
 * Nothing ties a key to its owner in the schema (referenceId has no foreign key), so a deleted
 * user's keys would outlive them. They go in the same transaction as the user.
 */
export const deleteKeysOfDeletedUser = (adapter: Parameters<typeof getCurrentAdapter>[0]) => async (user: { id: string }) => {
  const current = await getCurrentAdapter(adapter);
  await current.deleteMany({ model: "apikey", where: [{ field: "referenceId", value: user.id }] });
};
