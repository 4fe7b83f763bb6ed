import type { Deps } from "../../deps.ts";
import { metadataFilters } from "../api/metadata.ts";
import { createRoute, IdParam, jsonBody, jsonResponse, noContent, v1Router } from "../api/openapi.ts";
import { requireScope, tenantOf } from "../api/tenant.ts";
import { CustomField, CustomFieldCreate, CustomFieldUpdate, ListCustomFields, ListCustomFieldsQuery } from "./custom-fields.schemas.ts";
import {
  createCustomField,
  deleteCustomFieldById,
  getCustomField,
  listCustomFields,
  updateCustomFieldById,
} from "./custom-fields.service.ts";

const tags = ["custom-fields"];
const read = () => requireScope("custom_fields:read", "custom_fields:write");
const write = () => requireScope("custom_fields:write");

export function customFieldRoutes(deps: Deps) {
  const app = v1Router();

  app.openapi(
    createRoute({
      method: "get",
      path: "/custom-fields/",
      operationId: "custom-fields:list",
      summary: "List custom fields",
      description: "Filter with `metadata[key]=value` as well as the listed parameters.",
      tags,
      middleware: [read()] as const,
      request: { query: ListCustomFieldsQuery },
      responses: { 200: jsonResponse(ListCustomFields, "A page of custom fields.") },
    }),
    async (c) => c.json(await listCustomFields(deps, tenantOf(c), c.req.valid("query"), metadataFilters(c)), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/custom-fields/",
      operationId: "custom-fields:create",
      summary: "Create a custom field",
      tags,
      middleware: [write()] as const,
      request: { body: jsonBody(CustomFieldCreate) },
      responses: { 201: jsonResponse(CustomField, "The custom field.") },
    }),
    async (c) => c.json(await createCustomField(deps, tenantOf(c), c.req.valid("json")), 201),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/custom-fields/{id}",
      operationId: "custom-fields:get",
      summary: "Get a custom field",
      tags,
      middleware: [read()] as const,
      request: { params: IdParam },
      responses: { 200: jsonResponse(CustomField, "The custom field.") },
    }),
    async (c) => c.json(await getCustomField(deps, tenantOf(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/custom-fields/{id}",
      operationId: "custom-fields:update",
      summary: "Update a custom field",
      description: "`type` must be the field's own; given `properties` replace the stored ones.",
      tags,
      middleware: [write()] as const,
      request: { params: IdParam, body: jsonBody(CustomFieldUpdate) },
      responses: { 200: jsonResponse(CustomField, "The updated custom field.") },
    }),
    async (c) => c.json(await updateCustomFieldById(deps, tenantOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/custom-fields/{id}",
      operationId: "custom-fields:delete",
      summary: "Delete a custom field",
      description: "Products that asked for the field no longer do.",
      tags,
      middleware: [write()] as const,
      request: { params: IdParam },
      responses: { 204: noContent("The custom field is gone.") },
    }),
    async (c) => {
      await deleteCustomFieldById(deps, tenantOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );

  return app;
}
