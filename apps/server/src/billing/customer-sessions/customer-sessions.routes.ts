import type { Deps } from "../../deps.ts";
import { createRoute, jsonBody, jsonResponse, v1Router } from "../api/openapi.ts";
import { requireScope, tenantOf } from "../api/tenant.ts";
import { customerSessionOf, requireCustomerSession } from "./customer-session-auth.ts";
import { CustomerPortalCustomer, CustomerSession, CustomerSessionCreate } from "./customer-sessions.schemas.ts";
import { createCustomerSession, getPortalCustomer } from "./customer-sessions.service.ts";

export function customerSessionRoutes(deps: Deps) {
  const app = v1Router();
  app.openAPIRegistry.registerComponent("securitySchemes", "customer_session", {
    type: "http",
    scheme: "bearer",
    description: "A customer session token (polar_cst_…) from POST /v1/customer-sessions/.",
  });

  app.openapi(
    createRoute({
      method: "post",
      path: "/customer-sessions/",
      operationId: "customer-sessions:create",
      summary: "Create a customer session",
      description: "A one-hour `polar_cst_` token for the customer portal, and the portal link carrying it.",
      tags: ["customer-sessions"],
      middleware: [requireScope("customer_sessions:write")] as const,
      request: { body: jsonBody(CustomerSessionCreate) },
      responses: { 201: jsonResponse(CustomerSession, "The session, with its token shown once.") },
    }),
    async (c) => c.json(await createCustomerSession(deps, tenantOf(c), c.req.valid("json")), 201),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/customer-portal/customers/me",
      operationId: "customer_portal:customers:get",
      summary: "Get the signed-in customer",
      tags: ["customer_portal"],
      security: [{ customer_session: [] }],
      middleware: [requireCustomerSession()] as const,
      responses: { 200: jsonResponse(CustomerPortalCustomer, "The customer the session is for.") },
    }),
    async (c) => c.json(await getPortalCustomer(deps, customerSessionOf(c)), 200),
  );

  return app;
}
