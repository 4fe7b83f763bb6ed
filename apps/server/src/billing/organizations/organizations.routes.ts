import type { Deps } from "../../deps.ts";
import { createRoute, IdParam, jsonBody, jsonResponse, v1Router } from "../api/openapi.ts";
import { requireScope, tenantOf } from "../api/tenant.ts";
import { ListOrganizations, ListOrganizationsQuery, Organization, OrganizationUpdate } from "./organizations.schemas.ts";
import { getOrganization, listOrganizations, updateOrganization } from "./organizations.service.ts";

const tags = ["organizations"];

/**
 * The merchant organization through Polar's eyes. Polar lists no scope for get and update; here
 * reading needs organizations:read or :write and changing needs organizations:write, so a dashboard
 * member (read scopes only) can look but not change.
 */
export function organizationRoutes(deps: Deps) {
  const app = v1Router();

  app.openapi(
    createRoute({
      method: "get",
      path: "/organizations/",
      operationId: "organizations:list",
      summary: "List organizations",
      description: "Only the organization the caller acts for.",
      tags,
      middleware: [requireScope("organizations:read", "organizations:write")] as const,
      request: { query: ListOrganizationsQuery },
      responses: { 200: jsonResponse(ListOrganizations, "The caller's organization.") },
    }),
    async (c) => c.json(await listOrganizations(deps, tenantOf(c), c.req.valid("query")), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/organizations/{id}",
      operationId: "organizations:get",
      summary: "Get an organization",
      tags,
      middleware: [requireScope("organizations:read", "organizations:write")] as const,
      request: { params: IdParam },
      responses: { 200: jsonResponse(Organization, "The organization.") },
    }),
    async (c) => c.json(await getOrganization(deps, tenantOf(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/organizations/{id}",
      operationId: "organizations:update",
      summary: "Update an organization",
      description:
        "Partial: absent or null fields keep their value; settings groups merge key by key. The slug is changed through the identity API.",
      tags,
      middleware: [requireScope("organizations:write")] as const,
      request: { params: IdParam, body: jsonBody(OrganizationUpdate) },
      responses: { 200: jsonResponse(Organization, "The updated organization.") },
    }),
    async (c) => c.json(await updateOrganization(deps, tenantOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );

  return app;
}
