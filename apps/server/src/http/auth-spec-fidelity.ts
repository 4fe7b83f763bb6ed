/**
 * Where better-auth 1.7's HTTP surface departs from SPEC.md in ways its hooks cannot reach (paths,
 * methods, statuses of errors thrown by plugin hooks), the request or the answer is adjusted here.
 * Each case is listed in docs/compatibility.md.
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

/** better-auth's username plugin answers 400 on sign-up and update-user; SPEC §8 says 422. */
const USERNAME_REJECTIONS = new Set(["USERNAME_IS_ALREADY_TAKEN", "USERNAME_TOO_SHORT", "USERNAME_TOO_LONG", "INVALID_USERNAME"]);
const USERNAME_PATHS = new Set([`${AUTH}/sign-up/email`, `${AUTH}/update-user`]);

export async function specResponse(path: string, answer: Response): Promise<Response> {
  if (answer.status === 400 && USERNAME_PATHS.has(path)) {
    const body = await answer
      .clone()
      .json()
      .catch(() => undefined);
    if (USERNAME_REJECTIONS.has(body?.code)) return new Response(JSON.stringify(body), { status: 422, headers: answer.headers });
  }
  return answer;
}
