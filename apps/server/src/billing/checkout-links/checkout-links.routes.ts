import type { Deps } from "../../deps.ts";
import { createRoute, IdParam, jsonBody, jsonResponse, noContent, v1Router } from "../api/openapi.ts";
import { requireScope, tenantOf } from "../api/tenant.ts";
import {
  CheckoutLink,
  CheckoutLinkCreate,
  CheckoutLinkUpdate,
  ListCheckoutLinks,
  ListCheckoutLinksQuery,
} from "./checkout-links.schemas.ts";
import {
  createCheckoutLink,
  deleteCheckoutLink,
  getCheckoutLink,
  listCheckoutLinks,
  updateCheckoutLinkById,
} from "./checkout-links.service.ts";

const tags = ["checkout-links"];

export function checkoutLinkRoutes(deps: Deps) {
  const app = v1Router();

  app.openapi(
    createRoute({
      method: "get",
      path: "/checkout-links/",
      operationId: "checkout-links:list",
      summary: "List checkout links",
      tags,
      middleware: [requireScope("checkout_links:read", "checkout_links:write")] as const,
      request: { query: ListCheckoutLinksQuery },
      responses: { 200: jsonResponse(ListCheckoutLinks, "A page of checkout links.") },
    }),
    async (c) => c.json(await listCheckoutLinks(deps, tenantOf(c), c.req.valid("query")), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/checkout-links/",
      operationId: "checkout-links:create",
      summary: "Create a checkout link",
      description: "Name what it sells with `products`, or (older clients) `product_id` or `product_price_id`.",
      tags,
      middleware: [requireScope("checkout_links:write")] as const,
      request: { body: jsonBody(CheckoutLinkCreate) },
      responses: { 201: jsonResponse(CheckoutLink, "The checkout link.") },
    }),
    async (c) => c.json(await createCheckoutLink(deps, tenantOf(c), c.req.valid("json")), 201),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/checkout-links/{id}",
      operationId: "checkout-links:get",
      summary: "Get a checkout link",
      tags,
      middleware: [requireScope("checkout_links:read", "checkout_links:write")] as const,
      request: { params: IdParam },
      responses: { 200: jsonResponse(CheckoutLink, "The checkout link.") },
    }),
    async (c) => c.json(await getCheckoutLink(deps, tenantOf(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/checkout-links/{id}",
      operationId: "checkout-links:update",
      summary: "Update a checkout link",
      tags,
      middleware: [requireScope("checkout_links:write")] as const,
      request: { params: IdParam, body: jsonBody(CheckoutLinkUpdate) },
      responses: { 200: jsonResponse(CheckoutLink, "The updated checkout link.") },
    }),
    async (c) => c.json(await updateCheckoutLinkById(deps, tenantOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/checkout-links/{id}",
      operationId: "checkout-links:delete",
      summary: "Delete a checkout link",
      tags,
      middleware: [requireScope("checkout_links:write")] as const,
      request: { params: IdParam },
      responses: { 204: noContent("The link no longer opens a checkout.") },
    }),
    async (c) => {
      await deleteCheckoutLink(deps, tenantOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );

  return app;
}
