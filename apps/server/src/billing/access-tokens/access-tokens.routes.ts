import type { Deps } from "../../deps.ts";
import { createRoute, IdParam, jsonBody, jsonResponse, noContent, v1Router } from "../api/openapi.ts";
import { requireScope, tenantOf } from "../api/tenant.ts";
import {
  ListOrganizationAccessTokens,
  ListOrganizationAccessTokensQuery,
  OrganizationAccessToken,
  OrganizationAccessTokenCreate,
  OrganizationAccessTokenCreateResponse,
  OrganizationAccessTokenUpdate,
} from "./access-tokens.schemas.ts";
import { createAccessToken, deleteAccessToken, listAccessTokens, updateAccessToken } from "./access-tokens.service.ts";

const tags = ["organization_access_tokens"];

export function accessTokenRoutes(deps: Deps) {
  const app = v1Router();

  app.openapi(
    createRoute({
      method: "get",
      path: "/organization-access-tokens/",
      operationId: "organization_access_tokens:list",
      summary: "List organization access tokens",
      tags,
      middleware: [requireScope("organization_access_tokens:read", "organization_access_tokens:write")] as const,
      request: { query: ListOrganizationAccessTokensQuery },
      responses: { 200: jsonResponse(ListOrganizationAccessTokens, "The organization's tokens.") },
    }),
    async (c) => c.json(await listAccessTokens(deps, tenantOf(c), c.req.valid("query")), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/organization-access-tokens/",
      operationId: "organization_access_tokens:create",
      summary: "Create an organization access token",
      description: "The token is returned once, in this answer; only its hash is kept.",
      tags,
      middleware: [requireScope("organization_access_tokens:write")] as const,
      request: { body: jsonBody(OrganizationAccessTokenCreate) },
      responses: { 201: jsonResponse(OrganizationAccessTokenCreateResponse, "The token, shown once.") },
    }),
    async (c) => c.json(await createAccessToken(deps, tenantOf(c), c.req.valid("json")), 201),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/organization-access-tokens/{id}",
      operationId: "organization_access_tokens:update",
      summary: "Update an organization access token",
      tags,
      middleware: [requireScope("organization_access_tokens:write")] as const,
      request: { params: IdParam, body: jsonBody(OrganizationAccessTokenUpdate) },
      responses: { 200: jsonResponse(OrganizationAccessToken, "The updated token.") },
    }),
    async (c) => c.json(await updateAccessToken(deps, tenantOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/organization-access-tokens/{id}",
      operationId: "organization_access_tokens:delete",
      summary: "Delete an organization access token",
      tags,
      middleware: [requireScope("organization_access_tokens:write")] as const,
      request: { params: IdParam },
      responses: { 204: noContent("The token no longer works.") },
    }),
    async (c) => {
      await deleteAccessToken(deps, tenantOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );

  return app;
}
