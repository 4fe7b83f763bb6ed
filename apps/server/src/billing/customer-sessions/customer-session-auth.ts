import type { Context, MiddlewareHandler } from "hono";
import type { V1Env } from "../api/openapi.ts";
import { polarErrors } from "../api/polar-errors.ts";
import { hashToken, principalOf } from "../api/principal.ts";
import { findLiveSession } from "./customer-sessions.repository.ts";

type CustomerSessionContext = NonNullable<V1Env["Variables"]["customerSession"]>;

/**
 * Customer portal routes start here: the caller must bear a live `polar_cst_` token, which fixes
 * both the organization and the customer every query of the handler is scoped by.
 */
export function requireCustomerSession(): MiddlewareHandler<V1Env> {
  return async (c, next) => {
    const principal = await principalOf(c);
    if (principal.kind !== "customer_session") throw polarErrors.unauthorized();
    const deps = c.get("deps");
    const session = await findLiveSession(deps.db, hashToken(principal.token), deps.clock.now());
    if (!session) throw polarErrors.invalidToken();
    c.set("customerSession", session);
    await next();
  };
}

/** The customer `requireCustomerSession` resolved; a route without that middleware has none, which is a bug. */
export function customerSessionOf(c: Context<V1Env>): CustomerSessionContext {
  const session = c.get("customerSession");
  if (!session) throw new Error("customerSessionOf() called on a route without requireCustomerSession()");
  return session;
}
