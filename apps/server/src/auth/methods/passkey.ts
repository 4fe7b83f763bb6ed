import { defineRequestState } from "@better-auth/core/context";
import { PASSKEY_ERROR_CODES, passkey } from "@better-auth/passkey";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import type { SignInConfig } from "../../config.sign-in.ts";

/**
 * Passkeys (WebAuthn), bound to the host name of BASE_URL (or PASSKEY_RP_ID). Two gaps in
 * @better-auth/passkey 1.7.6 are closed here, both listed in docs/compatibility.md:
 *
 * - It stores a credential again when it is registered again (the browser normally refuses
 *   through `excludeCredentials`, but a client may ignore it), leaving two rows with one key.
 *   SPEC §8: "previously registered" (400).
 * - It answers 500 when the browser's response fails verification (wrong challenge, origin or rp
 *   id) — a client error reported as a server fault. SPEC §8: "other registration errors are
 *   returned with their message at 400". Likewise a failed passkey sign-in is 400 (SPEC §8 "auth
 *   cancelled (400, BAD_REQUEST) when sign-in fails"), where better-auth answers 401 for a bad
 *   signature or an unknown credential.
 */
export function passkeyPlugins(signIn: SignInConfig) {
  return [
    passkey({
      rpID: signIn.passkey.rpId,
      rpName: signIn.passkey.rpName,
      origin: signIn.passkey.origin,
      registration: {
        afterVerification: async ({ ctx, verification }) => {
          await registrationVerified.set(true);
          const credentialID = verification.registrationInfo?.credential.id;
          if (!credentialID) return;
          const known = await ctx.context.adapter.findOne({ model: "passkey", where: [{ field: "credentialID", value: credentialID }] });
          if (known) throw APIError.from("BAD_REQUEST", PASSKEY_ERROR_CODES.PREVIOUSLY_REGISTERED);
        },
      },
    }),
    passkeyStatusesPlugin,
  ];
}

/**
 * Whether this request's registration response passed WebAuthn verification. After that point a
 * failure is ours (storing the passkey) and stays a 500.
 */
const registrationVerified = defineRequestState(() => false);

/** Answers with the error's own code and message at another status. */
const withStatus = (error: APIError, status: number) =>
  new Response(JSON.stringify(error.body), { status, headers: { "content-type": "application/json" } });

const passkeyStatusesPlugin = {
  id: "gatehouse-passkey-statuses",
  hooks: {
    after: [
      {
        matcher: (ctx) => ctx.path === "/passkey/verify-registration",
        handler: createAuthMiddleware(async (ctx) => {
          const returned = ctx.context.returned;
          if (!isAPIError(returned) || returned.statusCode !== 500) return;
          if (returned.body?.code !== PASSKEY_ERROR_CODES.FAILED_TO_VERIFY_REGISTRATION.code) return;
          if (await registrationVerified.get()) return;
          // A Response, because an APIError thrown here would keep the endpoint's 500 status.
          return withStatus(returned, 400);
        }),
      },
      {
        matcher: (ctx) => ctx.path === "/passkey/verify-authentication",
        handler: createAuthMiddleware(async (ctx) => {
          const returned = ctx.context.returned;
          if (isAPIError(returned) && returned.statusCode === 401) return withStatus(returned, 400);
        }),
      },
    ],
  },
} satisfies BetterAuthPlugin;
