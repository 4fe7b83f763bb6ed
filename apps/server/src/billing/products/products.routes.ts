import type { Deps } from "../../deps.ts";
import { metadataFilters } from "../api/metadata.ts";
import { createRoute, IdParam, jsonBody, jsonResponse, v1Router } from "../api/openapi.ts";
import { requireScope, tenantOf } from "../api/tenant.ts";
import { ListProducts, ListProductsQuery, Product, ProductBenefitsUpdate, ProductCreate, ProductUpdate } from "./products.schemas.ts";
import { createProduct, getProduct, listProducts, updateProduct, updateProductBenefits } from "./products.service.ts";

const tags = ["products"];

export function productRoutes(deps: Deps) {
  const app = v1Router();

  app.openapi(
    createRoute({
      method: "get",
      path: "/products/",
      operationId: "products:list",
      summary: "List products",
      tags,
      middleware: [requireScope("products:read", "products:write")] as const,
      request: { query: ListProductsQuery },
      responses: { 200: jsonResponse(ListProducts, "A page of products.") },
    }),
    async (c) => c.json(await listProducts(deps, tenantOf(c), c.req.valid("query"), metadataFilters(c)), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/products/",
      operationId: "products:create",
      summary: "Create a product",
      tags,
      middleware: [requireScope("products:write")] as const,
      request: { body: jsonBody(ProductCreate) },
      responses: { 201: jsonResponse(Product, "The product.") },
    }),
    async (c) => c.json(await createProduct(deps, tenantOf(c), c.req.valid("json")), 201),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/products/{id}",
      operationId: "products:get",
      summary: "Get a product",
      tags,
      middleware: [requireScope("products:read", "products:write")] as const,
      request: { params: IdParam },
      responses: { 200: jsonResponse(Product, "The product.") },
    }),
    async (c) => c.json(await getProduct(deps, tenantOf(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/products/{id}",
      operationId: "products:update",
      summary: "Update a product",
      description: "`prices` is the full new list: `{id}` keeps a price, a new price object creates one, and prices left out are archived.",
      tags,
      middleware: [requireScope("products:write")] as const,
      request: { params: IdParam, body: jsonBody(ProductUpdate) },
      responses: { 200: jsonResponse(Product, "The updated product.") },
    }),
    async (c) => c.json(await updateProduct(deps, tenantOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/products/{id}/benefits",
      operationId: "products:update_benefits",
      summary: "Update the benefits a product grants",
      description: "The given benefits replace the product's benefits, in this order.",
      tags,
      middleware: [requireScope("products:write")] as const,
      request: { params: IdParam, body: jsonBody(ProductBenefitsUpdate) },
      responses: { 200: jsonResponse(Product, "The product with its benefits.") },
    }),
    async (c) => c.json(await updateProductBenefits(deps, tenantOf(c), c.req.valid("param").id, c.req.valid("json").benefits), 200),
  );

  return app;
}
