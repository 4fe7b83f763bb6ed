import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { oauthAfterHook, oauthBeforeHook } from "./oauth-spec-hooks.ts";

/**
 * Where better-auth 1.7.7 departs from SPEC.md, these hooks restore the spec's behaviour; each is
 * listed in docs/compatibility.md.
 */

/** Before an endpoint runs. */
export const specBeforeHook = createAuthMiddleware(async (ctx) => {
  // Social/OIDC: accounts named by providerId (SPEC §7), unknown or expired state (SPEC §8).
  await oauthBeforeHook(ctx);
  if (ctx.path === "/change-email") {
    // SPEC §5: the new email must not already be in use. better-auth answers success and quietly
    // does nothing, which leaves the person waiting for a mail that never comes.
    const newEmail = typeof ctx.body?.newEmail === "string" ? ctx.body.newEmail.toLowerCase() : undefined;
    if (newEmail && (await ctx.context.internalAdapter.findUserByEmail(newEmail))) {
      const session = await getSessionFromCtx(ctx);
      if (session && session.user.email !== newEmail) {
        throw APIError.from("UNPROCESSABLE_ENTITY", { code: "USER_ALREADY_EXISTS", message: "User already exists." });
      }
    }
  }
  if (ctx.path === "/delete-user" && !ctx.body?.password && !ctx.body?.token) {
    // Without a password or the mailed token, the session itself is the proof: it must be fresh
    // (SPEC §5 "sensitive actions require a fresh session").
    const session = await getSessionFromCtx(ctx);
    const freshAge = ctx.context.sessionConfig.freshAge * 1000;
    if (session && freshAge > 0 && Date.now() - new Date(session.session.createdAt).getTime() >= freshAge) {
      throw APIError.from("FORBIDDEN", { code: "SESSION_NOT_FRESH", message: "Session is not fresh" });
    }
  }
});

/** After an endpoint ran; may replace its answer. */
export const specAfterHook = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned;
  if (returned instanceof Error || returned instanceof Response) return;
  const oauthAnswer = await oauthAfterHook(ctx);
  if (oauthAnswer !== undefined) return oauthAnswer;
  if (ctx.path === "/delete-user" && (returned as { message?: string } | undefined)?.message === "User deleted") {
    // better-auth re-issues the cached session cookie here, so the deleted user would still look
    // signed in for the cookie cache's lifetime.
    deleteSessionCookie(ctx);
  }
  if (ctx.path === "/list-accounts" && Array.isArray(returned)) {
    // SPEC §7 names the field `provider`; better-auth calls it `providerId`. Both are sent.
    return ctx.json(returned.map((account: { providerId: string }) => ({ ...account, provider: account.providerId })));
  }
});
