import { createHash, randomBytes } from "node:crypto";
import type { Context } from "hono";
import { API_KEY_HEADER } from "../../auth/api-keys/api-key-rules.ts";
import type { Deps } from "../../deps.ts";
import { findUsableToken } from "../access-tokens/access-tokens.repository.ts";
import type { V1Env } from "./openapi.ts";
import { polarErrors } from "./polar-errors.ts";
import type { Scope } from "./scopes.ts";

export const ORGANIZATION_TOKEN_PREFIX = "polar_oat_";
export const CUSTOMER_SESSION_TOKEN_PREFIX = "polar_cst_";

/** Who is calling /v1. */
export type Principal =
  | { kind: "organization_token"; tokenId: string; organizationId: string; scopes: ReadonlySet<Scope> }
  /** `impersonatedBy`: the platform admin looking through this user's eyes, if one is. */
  | { kind: "user"; userId: string; activeOrganizationId: string | null; impersonatedBy: string | null }
  /** A customer portal session; merchant routes refuse it, portal routes resolve it themselves. */
  | { kind: "customer_session"; token: string };

/** Tokens are long random strings, so a fast hash is as safe as a slow one and lets us look them up. */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** A fresh bearer token: the prefix that tells its kind, then 32 random bytes. */
export const newToken = (prefix: typeof ORGANIZATION_TOKEN_PREFIX | typeof CUSTOMER_SESSION_TOKEN_PREFIX): string =>
  `${prefix}${randomBytes(32).toString("base64url")}`;

function bearerToken(c: Context): string | undefined {
  const header = c.req.header("authorization");
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw polarErrors.invalidToken();
  return match[1];
}

/**
 * A cookie-authenticated write must come from one of our own pages: the browser sends cookies with
 * cross-site requests, so without this any site could drive a signed-in merchant's dashboard.
 */
function assertSameOrigin(c: Context, deps: Deps): void {
  if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return;
  const origin = c.req.header("origin");
  const allowed = [new URL(deps.config.baseUrl).origin, ...deps.config.trustedOrigins];
  if (!origin || !allowed.includes(origin)) throw polarErrors.notPermitted("Cross-origin requests with cookies are not allowed.");
}

async function resolvePrincipal(c: Context<V1Env>, deps: Deps): Promise<Principal> {
  const token = bearerToken(c);
  if (token?.startsWith(ORGANIZATION_TOKEN_PREFIX)) {
    const row = await findUsableToken(deps.db, hashToken(token), deps.clock.now());
    if (!row) throw polarErrors.invalidToken();
    return { kind: "organization_token", tokenId: row.id, organizationId: row.organizationId, scopes: new Set(row.scopes) };
  }
  if (token?.startsWith(CUSTOMER_SESSION_TOKEN_PREFIX)) return { kind: "customer_session", token };
  if (token) throw polarErrors.invalidToken();
  // With API_KEY_SESSIONS, better-auth would answer the key's owner as a session: a script could then
  // send any Origin and, as an owner, mint polar_oat_ tokens that outlive the key's revocation.
  if (c.req.header(API_KEY_HEADER)) throw polarErrors.invalidToken();

  // The dashboard calls /v1 with the session cookie. The cookie cache is skipped: it could vouch
  // for a session that was revoked (or a user banned) in the last minute.
  const session = await deps.auth.api.getSession({ headers: c.req.raw.headers, query: { disableCookieCache: true } });
  if (!session) throw polarErrors.unauthorized();
  assertSameOrigin(c, deps);
  const { activeOrganizationId = null, impersonatedBy = null } = session.session as {
    activeOrganizationId?: string | null;
    impersonatedBy?: string | null;
  };
  return { kind: "user", userId: session.user.id, activeOrganizationId, impersonatedBy };
}

/** The caller, resolved once per request. */
export async function principalOf(c: Context<V1Env>): Promise<Principal> {
  const known = c.get("principal");
  if (known) return known;
  const principal = await resolvePrincipal(c, c.get("deps"));
  c.set("principal", principal);
  return principal;
}
