import type { Context, MiddlewareHandler } from "hono";
import { roleNames } from "../../auth/role-names.ts";
import { findMemberRole } from "./membership.repository.ts";
import type { V1Env } from "./openapi.ts";
import { polarErrors } from "./polar-errors.ts";
import { type Principal, principalOf } from "./principal.ts";
import { AVAILABLE_SCOPES, READ_SCOPES, type Scope } from "./scopes.ts";

/** The one organization a /v1 request acts for, and what the caller may do there. */
export interface Tenant {
  organizationId: string;
  principal: Principal;
  scopes: ReadonlySet<Scope>;
}

const ALL_SCOPES: ReadonlySet<Scope> = new Set(AVAILABLE_SCOPES);
const MEMBER_SCOPES: ReadonlySet<Scope> = new Set(READ_SCOPES);

/**
 * The organization the caller named, if they did: `organization_id` in the query (once, or repeated
 * with one value) or the JSON body, or SDK 1.x's `Polar-Organization` header.
 */
async function requestedOrganization(c: Context<V1Env>): Promise<{ id: string; where: "query" | "body" | "header" } | undefined> {
  const fromQuery = c.req.queries("organization_id")?.filter(Boolean) ?? [];
  if (fromQuery.length > 1 && new Set(fromQuery).size > 1) {
    throw polarErrors.invalid(["query", "organization_id"], "Only one organization can be given here.");
  }
  if (fromQuery[0]) return { id: fromQuery[0], where: "query" };
  const fromHeader = c.req.header("polar-organization");
  if (fromHeader) return { id: fromHeader, where: "header" };
  if (!(c.req.header("content-type") ?? "").includes("json") || c.req.method === "GET") return undefined;
  // Hono keeps the parsed body, so the route's validator reads it again for free. A body that is
  // not JSON is left for that validator to refuse.
  const body: unknown = await c.req.json().catch(() => undefined);
  const id = body && typeof body === "object" ? (body as { organization_id?: unknown }).organization_id : undefined;
  return typeof id === "string" && id ? { id, where: "body" } : undefined;
}

async function resolveTenant(c: Context<V1Env>): Promise<Tenant> {
  const principal = await principalOf(c);
  const requested = await requestedOrganization(c);
  if (principal.kind === "organization_token") {
    if (requested && requested.id !== principal.organizationId) {
      throw polarErrors.invalid([requested.where, "organization_id"], "This access token belongs to another organization.");
    }
    return { organizationId: principal.organizationId, principal, scopes: principal.scopes };
  }
  if (principal.kind === "customer_session") throw polarErrors.invalidToken();

  const organizationId = requested?.id ?? principal.activeOrganizationId;
  if (!organizationId) {
    throw polarErrors.invalid(["query", "organization_id"], "Choose an organization: pass organization_id or set an active organization.");
  }
  const role = await findMemberRole(c.get("deps").db, organizationId, principal.userId);
  if (role === undefined) throw polarErrors.notPermitted("You are not a member of this organization.");
  const names = roleNames(role);
  const scopes = names.includes("owner") || names.includes("admin") ? ALL_SCOPES : MEMBER_SCOPES;
  return { organizationId, principal, scopes };
}

/**
 * Authenticates the caller, fixes the organization the request acts for and checks that the caller
 * holds at least one of the scopes the operation lists. Every tenant-owned /v1 route starts here.
 */
export function requireScope(...anyOf: Scope[]): MiddlewareHandler<V1Env> {
  return async (c, next) => {
    const tenant = await resolveTenant(c);
    if (!anyOf.some((scope) => tenant.scopes.has(scope))) {
      throw tenant.principal.kind === "user"
        ? polarErrors.notPermitted("Your role in this organization does not allow this.")
        : polarErrors.insufficientScope(anyOf);
    }
    c.set("tenant", tenant);
    await next();
  };
}

/** The tenant `requireScope` fixed; a route without that middleware has none, which is a bug. */
export function tenantOf(c: Context<V1Env>): Tenant {
  const tenant = c.get("tenant");
  if (!tenant) throw new Error("tenantOf() called on a route without requireScope()");
  return tenant;
}
