import { APIError, isAPIError } from "better-auth/api";
import { USERNAME_ERROR_CODES, username } from "better-auth/plugins";
import type { SignInConfig } from "../../config.sign-in.ts";

/** What SPEC §8 answers with 422; better-auth's sign-up and update-user checks throw them as 400. */
const UNPROCESSABLE = new Set<string>(
  [
    USERNAME_ERROR_CODES.USERNAME_IS_ALREADY_TAKEN,
    USERNAME_ERROR_CODES.USERNAME_TOO_SHORT,
    USERNAME_ERROR_CODES.USERNAME_TOO_LONG,
    USERNAME_ERROR_CODES.INVALID_USERNAME,
  ].map((error) => error.code),
);

/**
 * Usernames: 3–30 letters, digits, `_` and `.` by default, stored lowercase. The plugin's own
 * /sign-in/username and /is-username-available answer these rejections with 422 already; its
 * before-hooks on sign-up and update-user answer 400, so their errors are re-thrown at 422 here.
 */
export function usernamePlugins(signIn: SignInConfig) {
  const plugin = username({ minUsernameLength: signIn.username.minLength, maxUsernameLength: signIn.username.maxLength });
  const before = plugin.hooks.before.map((hook) => ({
    ...hook,
    handler: (async (ctx: Parameters<typeof hook.handler>[0]) => {
      try {
        return await hook.handler(ctx);
      } catch (error) {
        if (isAPIError(error) && error.statusCode === 400 && UNPROCESSABLE.has(String(error.body?.code))) {
          throw APIError.from("UNPROCESSABLE_ENTITY", { code: String(error.body?.code), message: error.message });
        }
        throw error;
      }
    }) as typeof hook.handler,
  }));
  return [{ ...plugin, hooks: { ...plugin.hooks, before } }];
}
