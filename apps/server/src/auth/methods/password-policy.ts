import { defineErrorCodes } from "@better-auth/core/utils/error-codes";
import { dictionary } from "@zxcvbn-ts/language-common";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";

/**
 * Refuses the 10,000 most common passwords (NIST SP 800-63B §5.1.1.2: check new passwords against
 * lists of commonly used ones). The list is zxcvbn-ts's frequency-ranked one, maintained upstream;
 * the comparison ignores letter case so "Password" does not slip past "password".
 */
const COMMON_PASSWORD_COUNT = 10_000;
let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

const PASSWORD_POLICY_ERROR_CODES = defineErrorCodes({
  PASSWORD_TOO_COMMON: "This password is one of the most common ones and easy to guess. Please choose another.",
});

/** Where a person chooses a password, and the body field that carries it. */
const passwordFields: Record<string, string> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
  "/set-password": "newPassword",
  "/admin/create-user": "password",
  "/admin/set-user-password": "newPassword",
};

/** Length rules come first (their messages say what to change); only then is the list consulted. */
export const passwordPolicyPlugin = (length: { minLength: number; maxLength: number }) =>
  ({
    id: "gatehouse-password-policy",
    $ERROR_CODES: PASSWORD_POLICY_ERROR_CODES,
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path !== undefined && ctx.path in passwordFields,
          handler: createAuthMiddleware(async (ctx) => {
            const field = passwordFields[ctx.path];
            const password = field ? ctx.body?.[field] : undefined;
            if (typeof password !== "string" || password.length < length.minLength || password.length > length.maxLength) return;
            if (isCommonPassword(password)) {
              throw APIError.from("BAD_REQUEST", PASSWORD_POLICY_ERROR_CODES.PASSWORD_TOO_COMMON);
            }
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;
