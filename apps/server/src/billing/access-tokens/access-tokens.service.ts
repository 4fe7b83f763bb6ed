import type { Deps } from "../../deps.ts";
import { durationMs } from "../api/duration.ts";
import { paginate } from "../api/pagination.ts";
import { polarErrors } from "../api/polar-errors.ts";
import { hashToken, newToken, ORGANIZATION_TOKEN_PREFIX } from "../api/principal.ts";
import { decodeScopes, encodeScopes, type Scope } from "../api/scopes.ts";
import { applySorting, type SortKey } from "../api/sorting.ts";
import type { Tenant } from "../api/tenant.ts";
import { toIso } from "../api/wire.ts";
import { type AccessTokenRow, deleteToken, findToken, insertToken, tokensOf, updateToken } from "./access-tokens.repository.ts";
import type { OrganizationAccessTokenOut, TOKEN_SORT_KEYS } from "./access-tokens.schemas.ts";

type Services = Pick<Deps, "db" | "clock" | "ids">;

export function serializeToken(row: AccessTokenRow): OrganizationAccessTokenOut {
  return {
    created_at: toIso(row.created_at),
    modified_at: toIso(row.modified_at),
    id: row.id,
    scopes: decodeScopes(row.scopes),
    expires_at: toIso(row.expires_at),
    comment: row.comment,
    last_used_at: toIso(row.last_used_at),
    organization_id: row.organization_id,
  };
}

/**
 * A token may hand out only what it holds: otherwise a token limited to managing tokens could mint
 * one with every scope. Owners and admins in the dashboard hold every scope.
 */
function assertGrantable(tenant: Tenant, scopes: readonly Scope[], loc: (string | number)[]): void {
  const missing = scopes.filter((scope) => !tenant.scopes.has(scope));
  if (missing.length > 0) throw polarErrors.invalid(loc, `You cannot grant scopes you do not hold: ${missing.join(", ")}.`);
}

export async function createAccessToken(
  deps: Services,
  tenant: Tenant,
  input: { comment: string; expires_in?: string | null; scopes: Scope[] },
) {
  // An impersonation is bounded in time and recorded; a token minted during one would outlive it.
  if (tenant.principal.kind === "user" && tenant.principal.impersonatedBy) {
    throw polarErrors.notPermitted("Access tokens cannot be created while impersonating a user.");
  }
  assertGrantable(tenant, input.scopes, ["body", "scopes"]);
  let expiresAt: string | null = null;
  if (input.expires_in) {
    const ms = durationMs(input.expires_in);
    // A duration past the last date JavaScript can hold would make toISOString() throw (a 500).
    const expires = new Date(deps.clock.now().getTime() + (ms ?? 0));
    if (!ms || ms <= 0 || Number.isNaN(expires.getTime()))
      throw polarErrors.invalid(
        ["body", "expires_in"],
        "Input should be a valid duration, such as P30D or a number of seconds.",
        "duration_parsing",
      );
    expiresAt = expires.toISOString();
  }
  const token = newToken(ORGANIZATION_TOKEN_PREFIX);
  const row = {
    id: deps.ids.uuid(),
    organization_id: tenant.organizationId,
    comment: input.comment,
    scopes: encodeScopes(input.scopes),
    token_hash: hashToken(token),
    expires_at: expiresAt,
    last_used_at: null,
    created_by_user_id: tenant.principal.kind === "user" ? tenant.principal.userId : null,
    created_at: deps.clock.now().toISOString(),
    modified_at: null,
  } satisfies AccessTokenRow;
  await insertToken(deps.db, row);
  return { organization_access_token: serializeToken(row), token };
}

export function listAccessTokens(
  deps: Services,
  tenant: Tenant,
  query: { page: number; limit: number; sorting: SortKey<(typeof TOKEN_SORT_KEYS)[number]>[] },
) {
  const sorted = applySorting(tokensOf(deps.db, tenant.organizationId), query.sorting, {
    created_at: "created_at",
    comment: "comment",
    last_used_at: "last_used_at",
    organization_id: "organization_id",
  });
  return paginate(sorted, query, serializeToken);
}

export async function updateAccessToken(
  deps: Services,
  tenant: Tenant,
  id: string,
  input: { comment?: string | null; scopes?: Scope[] | null },
) {
  const existing = await findToken(deps.db, tenant.organizationId, id);
  if (!existing) throw polarErrors.notFound();
  if (input.scopes) assertGrantable(tenant, input.scopes, ["body", "scopes"]);
  await updateToken(deps.db, tenant.organizationId, id, {
    ...(input.comment ? { comment: input.comment } : {}),
    ...(input.scopes ? { scopes: encodeScopes(input.scopes) } : {}),
    modified_at: deps.clock.now().toISOString(),
  });
  const updated = await findToken(deps.db, tenant.organizationId, id);
  if (!updated) throw polarErrors.notFound();
  return serializeToken(updated);
}

export async function deleteAccessToken(deps: Services, tenant: Tenant, id: string): Promise<void> {
  if (!(await deleteToken(deps.db, tenant.organizationId, id))) throw polarErrors.notFound();
}
