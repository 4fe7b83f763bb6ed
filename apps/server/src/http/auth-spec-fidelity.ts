/**
 * Where better-auth 1.7's paths and methods depart from SPEC.md, the request is adjusted here,
 * before better-auth routes it. Each case is listed in docs/compatibility.md.
 */

interface Route {
  method: string;
  path: string;
}

const AUTH = "/api/auth";

/** Requests the spec words differently from better-auth 1.7; same meaning, same answer. */
export function specRequest({ method, path }: Route): Route & { dropBody: boolean } {
  // SPEC §7 calls it forget-password; better-auth 1.7 renamed it.
  if (path === `${AUTH}/forget-password`) return { method, path: `${AUTH}/request-password-reset`, dropBody: false };
  // SPEC §7 posts `{email?}`; better-auth 1.7 only has GET and takes no email. Naming an email
  // would reveal which accounts hold passkeys, so discoverable credentials are offered either way.
  if (method === "POST" && path === `${AUTH}/passkey/generate-authenticate-options`) return { method: "GET", path, dropBody: true };
  return { method, path, dropBody: false };
}
