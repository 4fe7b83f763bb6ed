import { type createAuthMiddleware, getSessionFromCtx } from "better-auth/api";

/**
 * SPEC behaviour for social/OIDC sign-in and provider accounts that better-auth 1.7.7 departs from.
 * Called from spec-hooks.ts; each difference is listed in docs/compatibility.md.
 */

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** SPEC §4/§9: OAuth state lives 10 minutes. */
const STATE_MAX_AGE = 600;

/** The paths that SPEC §7 addresses with `{ providerId, accountId? }`. */
const ACCOUNT_SELECTING_PATHS = new Set(["/unlink-account", "/get-access-token", "/refresh-token"]);

export async function oauthBeforeHook(ctx: HookContext): Promise<void> {
  if (ACCOUNT_SELECTING_PATHS.has(ctx.path)) await selectAccountByProvider(ctx);
  if (ctx.path === "/callback/:id" && ctx.method === "GET") await refuseUnknownOrExpiredState(ctx);
}

export async function oauthAfterHook(ctx: HookContext): Promise<unknown> {
  const returned = ctx.context.returned as Record<string, unknown> | undefined;
  if ((ctx.path === "/sign-in/social" || ctx.path === "/link-social") && typeof returned?.url === "string") {
    await keepStateCookieTenMinutes(ctx, returned.url);
  }
  if (ctx.path === "/refresh-token" && typeof returned?.accessToken === "string") {
    // SPEC §7 answers `scopes` (a list) like get-access-token; better-auth answers `scope` here.
    const scope = typeof returned.scope === "string" ? returned.scope : "";
    return ctx.json({ ...returned, scopes: scope.split(",").filter(Boolean) });
  }
  return undefined;
}

/**
 * better-auth 1.7.7 names the account by its own row id (`{ accountId }`); SPEC §7 names it by
 * provider (`{ providerId, accountId? }`, accountId being the provider's id for the person). The
 * SPEC form is translated to the row of the signed-in user; a miss becomes an id that matches no row,
 * so better-auth still gives its own answers, in its own order (401, last account, not found).
 */
async function selectAccountByProvider(ctx: HookContext): Promise<void> {
  const body = ctx.body as Record<string, unknown> | undefined;
  if (!body || typeof body.providerId !== "string") return;
  const { providerId, accountId } = body;
  const session = await getSessionFromCtx(ctx, { disableCookieCache: true }).catch(() => null);
  const userId = session?.user.id ?? (!ctx.request && typeof body.userId === "string" ? body.userId : undefined);
  const accounts = userId ? await ctx.context.internalAdapter.findAccounts(userId) : [];
  const match = accounts.find(
    (account) =>
      account.providerId === providerId && (accountId === undefined || account.accountId === accountId || account.id === accountId),
  );
  // Changed in place: the endpoints validate this very object, and get-access-token and
  // refresh-token refuse unknown keys.
  delete body.providerId;
  body.accountId = match?.id ?? "";
}

/**
 * better-auth 1.7.7 answers every unusable state with `state_mismatch`. SPEC §8 has
 * `please_restart_the_process` for a state that is unknown, already used or older than 10 minutes;
 * `state_mismatch` is left for a state that exists but belongs to another browser.
 */
async function refuseUnknownOrExpiredState(ctx: HookContext): Promise<void> {
  const state = typeof ctx.query?.state === "string" ? ctx.query.state : "";
  if (!state) return; // better-auth answers state_not_found
  const identifier = `auth-state:${state}`;
  const row = await ctx.context.internalAdapter.findVerificationValue(identifier);
  const defaultErrorURL = ctx.context.options.onAPIError?.errorURL || `${ctx.context.baseURL}/error`;
  if (!row) throw ctx.redirect(withError(defaultErrorURL, "please_restart_the_process"));
  let data: { expiresAt?: number; errorURL?: string } = {};
  try {
    data = JSON.parse(row.value);
  } catch {}
  if (new Date(row.expiresAt).getTime() < Date.now() || (data.expiresAt ?? 0) < Date.now()) {
    await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
    throw ctx.redirect(withError(data.errorURL || defaultErrorURL, "please_restart_the_process"));
  }
}

/**
 * The state is also bound to the browser by a signed cookie that better-auth 1.7.7 gives a 5-minute
 * Max-Age while the state itself lives 10: a person taking 6 minutes at the provider came back to a
 * state_mismatch. The cookie is set again with the state's lifetime.
 */
async function keepStateCookieTenMinutes(ctx: HookContext, authorizationUrl: string): Promise<void> {
  if (ctx.context.oauthConfig.storeStateStrategy !== "database") return;
  const state = URL.canParse(authorizationUrl) ? new URL(authorizationUrl).searchParams.get("state") : null;
  if (!state) return;
  const cookie = ctx.context.createAuthCookie("state", { maxAge: STATE_MAX_AGE });
  await ctx.setSignedCookie(cookie.name, state, ctx.context.secret, cookie.attributes);
}

function withError(url: string, error: string): string {
  const [path = "", hash] = url.split("#", 2);
  const joined = `${path}${path.includes("?") ? "&" : "?"}error=${encodeURIComponent(error)}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
