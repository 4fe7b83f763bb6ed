import { createHash } from "node:crypto";
import { defineRequestState } from "@better-auth/core/context";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { TWO_FACTOR_ERROR_CODES } from "better-auth/plugins";

/**
 * A code from the authenticator app works once (RFC 6238 §5.2, OWASP ASVS 2.8.4). better-auth
 * 1.7.7 keeps no record of used codes, so within its window the code that just signed someone in
 * would sign in a second browser too (docs/compatibility.md). `/two-factor/verify-totp` is the only
 * endpoint that takes one (`/two-factor/disable` asks for the password).
 *
 * Before the endpoint runs, the code is reserved for its user as the verification row
 * `totp-used:<sha256(userId:code)>`, an atomic first-writer-wins insert: of two submissions of one
 * code, even simultaneous ones, only the first gets past; the other is refused with the plugin's
 * own 401 `INVALID_CODE`, and counts as no failed attempt (a replay is no guess). When the
 * endpoint refuses the code anyway (wrong code, pending sign-in over, account locked…) the
 * reservation is released: only a code that did its job is used up.
 */
export const totpReplayPlugin = {
  id: "gatehouse-totp-once",
  hooks: {
    before: [
      {
        matcher: (ctx) => ctx.path === VERIFY_TOTP,
        handler: createAuthMiddleware(async (ctx) => {
          const code: unknown = ctx.body?.code;
          if (typeof code !== "string") return; // the endpoint's body validation answers
          const userId = await userBehind(ctx);
          if (!userId) return; // no session and no pending sign-in: the endpoint answers 401
          const identifier = `${USED_PREFIX}${createHash("sha256").update(`${userId}:${code}`).digest("hex")}`;
          if (!(await reserve(ctx, identifier, userId))) throw APIError.from("UNAUTHORIZED", TWO_FACTOR_ERROR_CODES.INVALID_CODE);
          await reservedCode.set(identifier);
        }),
      },
    ],
    after: [
      {
        matcher: (ctx) => ctx.path === VERIFY_TOTP,
        handler: createAuthMiddleware(async (ctx) => {
          const identifier = await reservedCode.get();
          if (identifier && isAPIError(ctx.context.returned)) {
            await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
          }
        }),
      },
    ],
  },
} satisfies BetterAuthPlugin;

const VERIFY_TOTP = "/two-factor/verify-totp";
const USED_PREFIX = "totp-used:";
/** better-auth's plugin cookie naming the pending sign-in (its TWO_FACTOR_COOKIE_NAME). */
const PENDING_SIGN_IN_COOKIE = "two_factor";
/**
 * How long a code stays accepted after its use: better-auth accepts the codes of the 30 s step
 * before and after the current one, so a code is good for at most 90 s from any moment.
 */
const USED_CODE_KEPT_MS = 3 * 30 * 1000;

/** The verification row this request reserved, released in the after hook if the code failed. */
const reservedCode = defineRequestState<string | null>(() => null);

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The user verify-totp will check the code for, found as better-auth's `verifyTwoFactor` does:
 * the session if there is one (finishing enabling two-factor), otherwise the pending sign-in named
 * by the signed two-factor cookie.
 */
async function userBehind(ctx: HookContext): Promise<string | null> {
  // A copy of the context, so the endpoint reads (and, when due, refreshes) the session itself.
  const session = await getSessionFromCtx({ ...ctx, context: { ...ctx.context } } as HookContext, { disableRefresh: true });
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(PENDING_SIGN_IN_COOKIE);
  const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!pending) return null;
  const row = await ctx.context.internalAdapter.findVerificationValue(pending);
  // An expired pending sign-in is the endpoint's to refuse (INVALID_TWO_FACTOR_COOKIE).
  return row && row.expiresAt > new Date() ? row.value : null;
}

/** Creates the used-code row unless an unexpired one exists; true when this request made it. */
async function reserve(ctx: HookContext, identifier: string, userId: string): Promise<boolean> {
  const { internalAdapter, adapter } = ctx.context;
  const row = { identifier, value: userId, expiresAt: new Date(Date.now() + USED_CODE_KEPT_MS) };
  if (await internalAdapter.reserveVerificationValue(row)) return true;
  // The row's primary key is derived from the identifier, so a row from a use over 90 s ago that
  // no clean-up has removed yet would block the code for good: remove it and try once more.
  const expired = await adapter.deleteMany({
    model: "verification",
    where: [
      { field: "identifier", value: identifier },
      { field: "expiresAt", operator: "lt", value: new Date() },
    ],
  });
  return expired > 0 && (await internalAdapter.reserveVerificationValue(row));
}
