import type { Deps } from "../../deps.ts";
import { metadataFilters } from "../api/metadata.ts";
import { createRoute, IdParam, jsonBody, jsonResponse, noContent, v1Router } from "../api/openapi.ts";
import { requireScope, tenantOf } from "../api/tenant.ts";
import {
  Customer,
  CustomerCreate,
  CustomerState,
  CustomerUpdate,
  CustomerUpdateExternalID,
  DeleteQuery,
  ExternalIdParam,
  ListCustomers,
  ListCustomersQuery,
} from "./customers.schemas.ts";
import {
  createCustomer,
  deleteCustomerByRef,
  getCustomer,
  getCustomerState,
  listCustomers,
  updateCustomerByRef,
} from "./customers.service.ts";

const tags = ["customers"];

export function customerRoutes(deps: Deps) {
  const app = v1Router();

  app.openapi(
    createRoute({
      method: "get",
      path: "/customers/",
      operationId: "customers:list",
      summary: "List customers",
      tags,
      middleware: [requireScope("customers:read", "customers:write")] as const,
      request: { query: ListCustomersQuery },
      responses: { 200: jsonResponse(ListCustomers, "The organization's customers.") },
    }),
    async (c) => c.json(await listCustomers(deps, tenantOf(c), c.req.valid("query"), metadataFilters(c)), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/customers/",
      operationId: "customers:create",
      summary: "Create a customer",
      tags,
      middleware: [requireScope("customers:write")] as const,
      request: { body: jsonBody(CustomerCreate) },
      responses: { 201: jsonResponse(Customer, "The customer.") },
    }),
    async (c) => c.json(await createCustomer(deps, tenantOf(c), c.req.valid("json")), 201),
  );

  // The external routes are declared before `{id}` ones so `external` is never read as an id.
  app.openapi(
    createRoute({
      method: "get",
      path: "/customers/external/{external_id}",
      operationId: "customers:get_external",
      summary: "Get a customer by external ID",
      tags,
      middleware: [requireScope("customers:read", "customers:write")] as const,
      request: { params: ExternalIdParam },
      responses: { 200: jsonResponse(Customer, "The customer.") },
    }),
    async (c) => c.json(await getCustomer(deps, tenantOf(c), { externalId: c.req.valid("param").external_id }), 200),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/customers/external/{external_id}",
      operationId: "customers:update_external",
      summary: "Update a customer by external ID",
      tags,
      middleware: [requireScope("customers:write")] as const,
      request: { params: ExternalIdParam, body: jsonBody(CustomerUpdateExternalID) },
      responses: { 200: jsonResponse(Customer, "The updated customer.") },
    }),
    async (c) =>
      c.json(await updateCustomerByRef(deps, tenantOf(c), { externalId: c.req.valid("param").external_id }, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/customers/external/{external_id}",
      operationId: "customers:delete_external",
      summary: "Delete a customer by external ID",
      tags,
      middleware: [requireScope("customers:write")] as const,
      request: { params: ExternalIdParam, query: DeleteQuery },
      responses: { 204: noContent("The customer is deleted.") },
    }),
    async (c) => {
      await deleteCustomerByRef(deps, tenantOf(c), { externalId: c.req.valid("param").external_id }, c.req.valid("query").anonymize);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/customers/external/{external_id}/state",
      operationId: "customers:get_state_external",
      summary: "Get a customer's state by external ID",
      tags,
      middleware: [requireScope("customers:read", "customers:write")] as const,
      request: { params: ExternalIdParam },
      responses: { 200: jsonResponse(CustomerState, "The customer with their active subscriptions, granted benefits and meters.") },
    }),
    async (c) => c.json(await getCustomerState(deps, tenantOf(c), { externalId: c.req.valid("param").external_id }), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/customers/{id}",
      operationId: "customers:get",
      summary: "Get a customer",
      tags,
      middleware: [requireScope("customers:read", "customers:write")] as const,
      request: { params: IdParam },
      responses: { 200: jsonResponse(Customer, "The customer.") },
    }),
    async (c) => c.json(await getCustomer(deps, tenantOf(c), { id: c.req.valid("param").id }), 200),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/customers/{id}",
      operationId: "customers:update",
      summary: "Update a customer",
      tags,
      middleware: [requireScope("customers:write")] as const,
      request: { params: IdParam, body: jsonBody(CustomerUpdate) },
      responses: { 200: jsonResponse(Customer, "The updated customer.") },
    }),
    async (c) => c.json(await updateCustomerByRef(deps, tenantOf(c), { id: c.req.valid("param").id }, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/customers/{id}",
      operationId: "customers:delete",
      summary: "Delete a customer",
      tags,
      middleware: [requireScope("customers:write")] as const,
      request: { params: IdParam, query: DeleteQuery },
      responses: { 204: noContent("The customer is deleted.") },
    }),
    async (c) => {
      await deleteCustomerByRef(deps, tenantOf(c), { id: c.req.valid("param").id }, c.req.valid("query").anonymize);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/customers/{id}/state",
      operationId: "customers:get_state",
      summary: "Get a customer's state",
      tags,
      middleware: [requireScope("customers:read", "customers:write")] as const,
      request: { params: IdParam },
      responses: { 200: jsonResponse(CustomerState, "The customer with their active subscriptions, granted benefits and meters.") },
    }),
    async (c) => c.json(await getCustomerState(deps, tenantOf(c), { id: c.req.valid("param").id }), 200),
  );

  return app;
}
