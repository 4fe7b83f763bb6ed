import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint } from "better-auth/api";
import { magicLink } from "better-auth/plugins";
import type { Config } from "../../config.ts";
import { mailTemplates } from "../../mail/mail.templates.ts";
import type { Mail } from "../../mail/mailer.ts";
import { captchaPlugins } from "./captcha.ts";
import { passkeyPlugins } from "./passkey.ts";
import { passwordPolicyPlugin } from "./password-policy.ts";
import { configuredProviders, genericOAuthPlugins } from "./social.ts";
import { twoFactorPlugins } from "./two-factor.ts";
import { usernamePlugins } from "./username.ts";

/**
 * Every way to sign in besides email and password (those are core better-auth options), as
 * better-auth plugins configured from the environment. docs/sign-in-methods.md explains each.
 */
export function signInMethodPlugins(config: Config, sendMail: (mail: Mail) => Promise<void>) {
  const { signIn } = config;
  return [
    ...usernamePlugins(signIn),
    magicLink({
      expiresIn: signIn.magicLink.expiresIn,
      // Only a hash of the token is stored: a database leak must not hand out sign-in links.
      storeToken: "hashed",
      sendMagicLink: ({ email, url }) => sendMail(mailTemplates.magicLink(email, url, Math.round(signIn.magicLink.expiresIn / 60))),
    }),
    ...passkeyPlugins(signIn),
    ...twoFactorPlugins(signIn),
    ...genericOAuthPlugins(signIn),
    ...captchaPlugins(signIn.captcha),
    ...(signIn.rejectCommonPasswords ? [passwordPolicyPlugin(config.password)] : []),
    signInMethodsPlugin(config),
  ];
}

/** The public list of configured methods, so the sign-in page offers exactly what works. */
interface SignInMethods {
  emailAndPassword: true;
  username: true;
  magicLink: true;
  passkey: true;
  socialProviders: { id: string; name: string }[];
  captcha: { provider: string; siteKey: string | null } | null;
  requireEmailVerification: boolean;
  password: { minLength: number; maxLength: number };
  usernameRules: { minLength: number; maxLength: number };
}

const signInMethodsPlugin = (config: Config) =>
  ({
    id: "gatehouse-sign-in-methods",
    endpoints: {
      signInMethods: createAuthEndpoint("/sign-in-methods", { method: "GET" }, async (ctx) =>
        ctx.json({
          emailAndPassword: true,
          username: true,
          magicLink: true,
          passkey: true,
          socialProviders: configuredProviders(config.signIn, ctx.context.socialProviders),
          captcha: config.signIn.captcha
            ? { provider: config.signIn.captcha.provider, siteKey: config.signIn.captcha.siteKey ?? null }
            : null,
          requireEmailVerification: config.requireEmailVerification,
          password: config.password,
          usernameRules: config.signIn.username,
        } satisfies SignInMethods),
      ),
    },
  }) satisfies BetterAuthPlugin;
