import type { HookEndpointContext } from "@better-auth/core";
import { defineErrorCodes } from "@better-auth/core/utils/error-codes";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";

export const IMPERSONATION_ERROR_CODES = defineErrorCodes({
  NOT_ALLOWED_WHILE_IMPERSONATING: "Not allowed while impersonating: this would change how the account signs in.",
});

/**
 * An impersonation is a look through the user's eyes, bounded in time and recorded. Anything that
 * adds or changes a way into the account — a passkey, a linked provider, a password, an e-mail,
 * two-factor, an API key — would let the admin come back as the user, unrecorded, after it ends.
 */
const changesHowTheAccountSignsIn = (path: string) =>
  path.startsWith("/passkey/") ||
  path.startsWith("/two-factor/") ||
  path.startsWith("/api-key/") ||
  ["/link-social", "/unlink-account", "/change-password", "/set-password", "/change-email", "/delete-user"].includes(path);

const refuseSignInChanges = {
  matcher: (ctx: HookEndpointContext) => !!ctx.path && changesHowTheAccountSignsIn(ctx.path),
  handler: createAuthMiddleware(async (ctx) => {
    const session = await getSessionFromCtx(ctx);
    if (session?.session.impersonatedBy) throw APIError.from("FORBIDDEN", IMPERSONATION_ERROR_CODES.NOT_ALLOWED_WHILE_IMPERSONATING);
  }),
};

/**
 * better-auth gives an impersonation session IMPERSONATION_SESSION_DURATION and a "don't remember"
 * cookie that keeps get-session from extending it; a client that drops that cookie had it extended
 * to the full session lifetime. Whatever get-session did, the expiry goes back within the limit.
 */
const keepImpersonationShort = (durationSeconds: number) => ({
  matcher: (ctx: HookEndpointContext) => ctx.path === "/get-session",
  handler: createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned as {
      session?: { id: string; impersonatedBy?: string | null; createdAt: Date | string; expiresAt: Date | string };
    } | null;
    const session = returned?.session;
    if (!session?.impersonatedBy) return;
    const limit = new Date(new Date(session.createdAt).getTime() + durationSeconds * 1000);
    if (new Date(session.expiresAt) <= limit) return;
    await ctx.context.adapter.update({ model: "session", where: [{ field: "id", value: session.id }], update: { expiresAt: limit } });
  }),
});

export const impersonationLimits = (durationSeconds: number) => ({
  before: [refuseSignInChanges],
  after: [keepImpersonationShort(durationSeconds)],
});
