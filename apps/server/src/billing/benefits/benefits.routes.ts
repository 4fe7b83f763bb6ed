import type { Deps } from "../../deps.ts";
import { metadataFilters } from "../api/metadata.ts";
import { createRoute, IdParam, jsonBody, jsonResponse, noContent, v1Router } from "../api/openapi.ts";
import { requireScope, tenantOf } from "../api/tenant.ts";
import {
  Benefit,
  BenefitCreate,
  BenefitUpdate,
  ListBenefitGrants,
  ListBenefitGrantsQuery,
  ListBenefits,
  ListBenefitsQuery,
} from "./benefits.schemas.ts";
import { createBenefit, deleteBenefitById, getBenefit, listBenefitGrants, listBenefits, updateBenefitById } from "./benefits.service.ts";

const tags = ["benefits"];
const read = () => requireScope("benefits:read", "benefits:write");
const write = () => requireScope("benefits:write");

export function benefitRoutes(deps: Deps) {
  const app = v1Router();

  app.openapi(
    createRoute({
      method: "get",
      path: "/benefits/",
      operationId: "benefits:list",
      summary: "List benefits",
      description: "Filter with `metadata[key]=value` as well as the listed parameters.",
      tags,
      middleware: [read()] as const,
      request: { query: ListBenefitsQuery },
      responses: { 200: jsonResponse(ListBenefits, "A page of benefits.") },
    }),
    async (c) => c.json(await listBenefits(deps, tenantOf(c), c.req.valid("query"), metadataFilters(c)), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/benefits/",
      operationId: "benefits:create",
      summary: "Create a benefit",
      tags,
      middleware: [write()] as const,
      request: { body: jsonBody(BenefitCreate) },
      responses: { 201: jsonResponse(Benefit, "The benefit.") },
    }),
    async (c) => c.json(await createBenefit(deps, tenantOf(c), c.req.valid("json")), 201),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/benefits/{id}",
      operationId: "benefits:get",
      summary: "Get a benefit",
      tags,
      middleware: [read()] as const,
      request: { params: IdParam },
      responses: { 200: jsonResponse(Benefit, "The benefit.") },
    }),
    async (c) => c.json(await getBenefit(deps, tenantOf(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/benefits/{id}",
      operationId: "benefits:update",
      summary: "Update a benefit",
      description: "`type` must be the benefit's own; given `properties` replace the stored ones.",
      tags,
      middleware: [write()] as const,
      request: { params: IdParam, body: jsonBody(BenefitUpdate) },
      responses: { 200: jsonResponse(Benefit, "The updated benefit.") },
    }),
    async (c) => c.json(await updateBenefitById(deps, tenantOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/benefits/{id}",
      operationId: "benefits:delete",
      summary: "Delete a benefit",
      description: "Products that offered the benefit no longer do.",
      tags,
      middleware: [write()] as const,
      request: { params: IdParam },
      responses: { 204: noContent("The benefit is gone.") },
    }),
    async (c) => {
      await deleteBenefitById(deps, tenantOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/benefits/{id}/grants",
      operationId: "benefits:grants",
      summary: "List a benefit's grants",
      tags,
      middleware: [read()] as const,
      request: { params: IdParam, query: ListBenefitGrantsQuery },
      responses: { 200: jsonResponse(ListBenefitGrants, "A page of the benefit's grants.") },
    }),
    async (c) => c.json(await listBenefitGrants(deps, tenantOf(c), c.req.valid("param").id), 200),
  );

  return app;
}
