import { AsyncLocalStorage } from "node:async_hooks";
import { getCurrentAdapter } from "@better-auth/core/context";
import { betterAuth } from "better-auth";
import { isAPIError } from "better-auth/api";
import type { Redis } from "ioredis";
import type { Config } from "../config.ts";
import type { Database, Dialect } from "../db/database.ts";
import { MAIL_MAX_ATTEMPTS, SEND_MAIL_JOB } from "../mail/mail.jobs.ts";
import { mailTemplates } from "../mail/mail.templates.ts";
import type { Mail } from "../mail/mailer.ts";
import type { Clock } from "../shared/clock.ts";
import type { Ids } from "../shared/ids.ts";
import type { Logger } from "../shared/logger.ts";
import { adminPlugin } from "./admin/admin-plugin.ts";
import { apiKeyPlugin } from "./api-keys/api-key-plugin.ts";
import { auditPlugin } from "./audit/audit-plugin.ts";
import { signInMethodPlugins } from "./methods/index.ts";
import { socialProviderOptions } from "./methods/social.ts";
import { invitationRulesPlugin } from "./organizations/invitation-rules.ts";
import { organizationPlugin } from "./organizations/organization-plugin.ts";
import { withOrganizationUpdatedEvent } from "./organizations/organization-webhooks.ts";
import { enqueueThroughAdapter, outboxPlugin } from "./outbox-plugin.ts";
import { redisRateLimitStorage } from "./rate-limit-storage.ts";
import { specAfterHook, specBeforeHook } from "./spec-hooks.ts";

/** The header our HTTP layer sets to the client address it trusts; clients cannot forge it. */
export const CLIENT_IP_HEADER = "x-gatehouse-client-ip";
export const AUTH_BASE_PATH = "/api/auth";

/**
 * better-auth swallows errors thrown by its mail callbacks and answers success. A request whose
 * mail could not be queued must not look successful, so the failure is recorded here per request
 * and the HTTP layer turns it into a 500.
 */
export const outboxFailure = new AsyncLocalStorage<{ error?: unknown }>();

export interface AuthDeps {
  config: Config;
  db: Database;
  dialect: Dialect;
  clock: Clock;
  ids: Ids;
  log: Logger;
  redis?: Redis | undefined;
}

export function createAuth(deps: AuthDeps) {
  const { config, db, dialect, log } = deps;
  const sensitive = (window: number) => ({ window, max: config.rateLimit.sensitiveMax });

  const auth = betterAuth({
    appName: "Gatehouse",
    baseURL: config.baseUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    database: { db, type: dialect, transaction: true },
    trustedOrigins: [config.baseUrl, ...config.trustedOrigins, ...(config.isProduction ? [] : ["http://localhost:5173"])],
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: config.requireEmailVerification,
      minPasswordLength: config.password.minLength,
      maxPasswordLength: config.password.maxLength,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => sendMail(mailTemplates.resetPassword(user.email, url)),
      // With verification required, a duplicate sign-up answers like a fresh one (no account
      // enumeration); the owner learns of it by mail instead.
      onExistingUserSignUp: async ({ user }) => sendMail(mailTemplates.existingAccountNotice(user.email, `${config.baseUrl}/sign-in`)),
    },
    emailVerification: {
      sendOnSignUp: true,
      // SPEC §8: signing in unverified answers 403 and sends the verification email again.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 3600,
      sendVerificationEmail: async ({ user, url }) => sendMail(mailTemplates.verifyEmail(user.email, url)),
    },
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) =>
          sendMail(mailTemplates.confirmEmailChange(user.email, newEmail, url)),
      },
      deleteUser: {
        enabled: true,
        deleteTokenExpiresIn: 86400,
        sendDeleteAccountVerification: async ({ user, url }) => sendMail(mailTemplates.confirmAccountDeletion(user.email, url)),
      },
    },
    socialProviders: socialProviderOptions(config.signIn),
    account: {
      // Provider tokens must stay usable (get-access-token), so they are encrypted, not hashed.
      encryptOAuthTokens: true,
      // SPEC §4: OAuth state lives 10 minutes and is deleted after one use — a database row.
      storeStateStrategy: "database",
      accountLinking: {
        enabled: true,
        trustedProviders: config.signIn.accountLinking.trustedProviders,
        allowUnlinkingAll: config.signIn.accountLinking.allowUnlinkingAll,
      },
    },
    session: {
      expiresIn: config.session.expiresIn,
      updateAge: config.session.updateAge,
      freshAge: config.session.freshAge,
      cookieCache: { enabled: true, maxAge: config.session.cookieCacheMaxAge },
    },
    rateLimit: {
      enabled: true,
      window: config.rateLimit.window,
      max: config.rateLimit.max,
      storage: "database",
      ...(deps.redis ? { customStorage: redisRateLimitStorage(deps.redis, config.redisKeyPrefix) } : {}),
      customRules: {
        // The first matching rule wins, so the specific path comes before its wildcard.
        "/sign-in/magic-link": sensitive(60),
        // A read every sign-in screen makes on load; better-auth's built-in rule for paths starting
        // with "/sign-in" (3 per 10 s) would otherwise hide the provider buttons and captcha after a
        // few reloads. It gets the general limit instead.
        "/sign-in-methods": { window: config.rateLimit.window, max: config.rateLimit.max },
        "/sign-in/*": sensitive(10),
        "/sign-up/*": sensitive(10),
        "/change-password": sensitive(10),
        "/change-email": sensitive(10),
        "/request-password-reset": sensitive(60),
        "/send-verification-email": sensitive(60),
        // The two-factor plugin's own rule (3 per 10 s on every /two-factor/* path: codes and the
        // password-checking enable/disable/backup-code calls) made configurable like the others.
        "/two-factor/*": sensitive(10),
        // Each invitation is a mail to an address of the inviter's choosing, carrying an organization
        // name anyone can set: ten times the sensitive limit per minute, enough to invite a team.
        "/organization/invite-member": { window: 60, max: config.rateLimit.sensitiveMax * 10 },
      },
    },
    advanced: {
      // better-auth skips origin checks when NODE_ENV=test; we want them in every environment.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.baseUrl.startsWith("https://"),
    },
    logger: {
      level: config.logLevel === "debug" || config.logLevel === "trace" ? "debug" : "warn",
      log: (level, message, ...args) => {
        log[level]({ component: "better-auth", args: args.length ? args : undefined }, message);
      },
    },
    onAPIError: {
      // Refused requests (4xx) are routine; better-auth would print each at error level to stderr.
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500)
          log.debug({ status: error.statusCode, message: error.message }, "auth request refused");
        else log.error({ err: error }, "better-auth error");
      },
    },
    hooks: { before: specBeforeHook, after: specAfterHook },
    plugins: [
      outboxPlugin(),
      ...signInMethodPlugins(config, sendMail),
      withOrganizationUpdatedEvent(organizationPlugin(config.tenancy, config.baseUrl, sendMail), deps),
      invitationRulesPlugin(),
      adminPlugin(config.tenancy),
      apiKeyPlugin(config.tenancy),
      auditPlugin(deps),
    ],
  });

  /**
   * Writes the mail to the outbox through better-auth's current adapter: inside an endpoint that
   * runs a transaction (sign-up), the mail commits or rolls back with the user it was sent for.
   */
  async function sendMail(mail: Mail): Promise<void> {
    const context = await auth.$context;
    const adapter = await getCurrentAdapter(context.adapter);
    await enqueueThroughAdapter(
      adapter,
      { type: SEND_MAIL_JOB, payload: mail, maxAttempts: MAIL_MAX_ATTEMPTS },
      deps.clock,
      deps.ids,
    ).catch((error: unknown) => {
      const store = outboxFailure.getStore();
      if (store) store.error = error;
      throw error;
    });
  }

  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
