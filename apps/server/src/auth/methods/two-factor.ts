import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import type { SignInConfig } from "../../config.sign-in.ts";

/**
 * Two-factor authentication with an authenticator app (TOTP) and backup codes, asked after a
 * password sign-in. better-auth's defaults are kept (docs/sign-in-methods.md): the second step
 * lasts 10 minutes, a trusted browser skips it for 30 days, 5 wrong codes end a pending sign-in
 * and 10 in a row lock the account's second step for 15 minutes.
 */
export function twoFactorPlugins(signIn: SignInConfig) {
  return [twoFactor({ issuer: signIn.twoFactor.issuer }), forgetTrustedBrowsersPlugin];
}

/** Trusted-browser records are verification rows `trust-device-<random>` holding the user id. */
const TRUSTED_BROWSER_PREFIX = "trust-device-";

/**
 * better-auth 1.7.7 forgets only the current browser's trust when two-factor is turned off; every
 * other trusted browser would skip the code again for the rest of its 30 days once two-factor is
 * back on. Turning it off is what a person does after losing a device, so all of them are
 * forgotten (docs/compatibility.md).
 */
const forgetTrustedBrowsersPlugin = {
  id: "gatehouse-forget-trusted-browsers",
  hooks: {
    after: [
      {
        matcher: (ctx) => ctx.path === "/two-factor/disable",
        handler: createAuthMiddleware(async (ctx) => {
          if (isAPIError(ctx.context.returned)) return;
          // The endpoint replaced the session with one for the updated user.
          const userId = ctx.context.newSession?.user.id;
          if (!userId) return;
          await ctx.context.adapter.deleteMany({
            model: "verification",
            where: [
              { field: "identifier", operator: "starts_with", value: TRUSTED_BROWSER_PREFIX },
              { field: "value", value: userId },
            ],
          });
        }),
      },
    ],
  },
} satisfies BetterAuthPlugin;
