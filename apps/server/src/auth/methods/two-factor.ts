import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import type { SignInConfig } from "../../config.sign-in.ts";
import { totpReplayPlugin } from "./two-factor-replay.ts";

/**
 * Two-factor authentication with an authenticator app (TOTP) and backup codes, asked after every
 * sign-in but a passkey. better-auth's defaults are kept (docs/sign-in-methods.md): the second step
 * lasts 10 minutes, a trusted browser skips it for 30 days, 5 wrong codes end a pending sign-in
 * and 10 in a row lock the account's second step for 15 minutes. A code from the app works once
 * (two-factor-replay.ts).
 */
export function twoFactorPlugins(signIn: SignInConfig) {
  const plugin = twoFactor({ issuer: signIn.twoFactor.issuer });
  return [plugin, totpReplayPlugin, forgetTrustedBrowsersPlugin, askAfterEverySignInPlugin(plugin)];
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

/**
 * Sign-ins that end in a session without a password step. better-auth 1.7.7's two-factor plugin
 * asks for the code only after /sign-in/email, /sign-in/username and /sign-in/phone-number, so a
 * magic link (control of the mailbox) or a provider account alone signed a person in. Passkeys
 * stay exempt: a passkey is already a device the person holds plus its unlock.
 * - /magic-link/verify: the link from the mail (a redirect, or JSON without callbackURL);
 * - /callback/:id: the return from a social or OpenID provider (generic OAuth providers use it too);
 * - /sign-in/social: its `idToken` form signs in directly (the redirect form makes no session).
 */
const SIGN_INS_WITHOUT_PASSWORD = new Set(["/magic-link/verify", "/callback/:id", "/sign-in/social"]);

/** The web app's page that asks for the code (apps/web TwoFactorPage). */
const CHALLENGE_PAGE = "/two-factor";

type TwoFactorPlugin = ReturnType<typeof twoFactor>;
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type HookAnswer = { headers?: Headers | null; response?: unknown };

/**
 * Runs the two-factor plugin's own after-sign-in step for the sign-ins above, so the trusted
 * browser check and the pending sign-in (its `2fa-…` rows and cookie) are better-auth's. When the
 * code is needed, the session the endpoint just made is deleted and its cookies are not sent; a
 * redirect (the link in the mail, the provider's return) goes to the web app's code page instead
 * of the callback, with the callback kept as `callbackURL` when it is on this site.
 */
function askAfterEverySignInPlugin(twoFactorPlugin: TwoFactorPlugin) {
  const askForCode = twoFactorPlugin.hooks.after.find((hook) => hook.matcher({ path: "/sign-in/email" } as never));
  if (!askForCode) throw new Error("better-auth's two-factor plugin no longer has its after-sign-in hook");
  return {
    id: "gatehouse-two-factor-every-sign-in",
    hooks: {
      after: [
        {
          matcher: (ctx) => SIGN_INS_WITHOUT_PASSWORD.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            if (!ctx.context.newSession?.user.twoFactorEnabled) return;
            const returned = ctx.context.returned;
            // Where the endpoint was redirecting to (its Location header), if anywhere.
            const target = ctx.context.responseHeaders?.get("location") ?? null;
            const answer = (await askForCode.handler({ ...ctx, returnHeaders: true } as never)) as HookAnswer;
            const pending = answer.response;
            // The step's own cookies: the pending sign-in and expired session cookies, or a renewed
            // trust. (Expiring a cookie also takes the endpoint's Set-Cookie for it out of the
            // response being built, so the session token is never sent.)
            for (const line of answer.headers?.getSetCookie() ?? []) ctx.responseHeaders.append("set-cookie", line);
            if (!isTwoFactorRedirect(pending)) return;
            if (isAPIError(returned)) {
              if (returned.statusCode === 302) throw ctx.redirect(challengeUrl(ctx, target));
              return; // any other failure keeps its answer; the session is gone all the same
            }
            return ctx.json(pending);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

function isTwoFactorRedirect(response: unknown): response is { twoFactorRedirect: true; twoFactorMethods: string[] } {
  return typeof response === "object" && response !== null && (response as { twoFactorRedirect?: unknown }).twoFactorRedirect === true;
}

/** `${BASE_URL}/two-factor`, carrying the original target when it is a page of this site. */
function challengeUrl(ctx: HookContext, target: string | null): string {
  const authBase = ctx.context.baseURL;
  const basePath = ctx.context.options.basePath ?? "/api/auth";
  const appBase = authBase.endsWith(basePath) ? authBase.slice(0, -basePath.length) : new URL(authBase).origin;
  const url = new URL(`${appBase}${CHALLENGE_PAGE}`);
  if (target && URL.canParse(target, url)) {
    const back = new URL(target, url);
    if (back.origin === url.origin) url.searchParams.set("callbackURL", `${back.pathname}${back.search}${back.hash}`);
  }
  return url.toString();
}
