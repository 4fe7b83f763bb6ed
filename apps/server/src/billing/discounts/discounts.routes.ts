import type { Deps } from "../../deps.ts";
import { metadataFilters } from "../api/metadata.ts";
import { createRoute, IdParam, jsonBody, jsonResponse, noContent, v1Router } from "../api/openapi.ts";
import { requireScope, tenantOf } from "../api/tenant.ts";
import { Discount, DiscountCreate, DiscountUpdate, ListDiscounts, ListDiscountsQuery } from "./discounts.schemas.ts";
import { createDiscount, deleteDiscount, getDiscount, listDiscounts, updateDiscountById } from "./discounts.service.ts";

const tags = ["discounts"];

export function discountRoutes(deps: Deps) {
  const app = v1Router();

  app.openapi(
    createRoute({
      method: "get",
      path: "/discounts/",
      operationId: "discounts:list",
      summary: "List discounts",
      description: "Filter with `query` (name or code contains), `metadata[key]=value`; sort with `sorting`.",
      tags,
      middleware: [requireScope("discounts:read", "discounts:write")] as const,
      request: { query: ListDiscountsQuery },
      responses: { 200: jsonResponse(ListDiscounts, "A page of discounts.") },
    }),
    async (c) => c.json(await listDiscounts(deps, tenantOf(c), c.req.valid("query"), metadataFilters(c)), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/discounts/",
      operationId: "discounts:create",
      summary: "Create a discount",
      tags,
      middleware: [requireScope("discounts:write")] as const,
      request: { body: jsonBody(DiscountCreate) },
      responses: { 201: jsonResponse(Discount, "The discount.") },
    }),
    async (c) => c.json(await createDiscount(deps, tenantOf(c), c.req.valid("json")), 201),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/discounts/{id}",
      operationId: "discounts:get",
      summary: "Get a discount",
      tags,
      middleware: [requireScope("discounts:read", "discounts:write")] as const,
      request: { params: IdParam },
      responses: { 200: jsonResponse(Discount, "The discount.") },
    }),
    async (c) => c.json(await getDiscount(deps, tenantOf(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/discounts/{id}",
      operationId: "discounts:update",
      summary: "Update a discount",
      description: "Type, amounts and duration can change only while the discount has never been redeemed.",
      tags,
      middleware: [requireScope("discounts:write")] as const,
      request: { params: IdParam, body: jsonBody(DiscountUpdate) },
      responses: { 200: jsonResponse(Discount, "The updated discount.") },
    }),
    async (c) => c.json(await updateDiscountById(deps, tenantOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/discounts/{id}",
      operationId: "discounts:delete",
      summary: "Delete a discount",
      description: "Checkout links that applied it no longer do.",
      tags,
      middleware: [requireScope("discounts:write")] as const,
      request: { params: IdParam },
      responses: { 204: noContent("The discount is deleted.") },
    }),
    async (c) => {
      await deleteDiscount(deps, tenantOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );

  return app;
}
