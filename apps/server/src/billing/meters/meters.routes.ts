import type { Deps } from "../../deps.ts";
import { metadataFilters } from "../api/metadata.ts";
import { createRoute, IdParam, jsonBody, jsonResponse, v1Router } from "../api/openapi.ts";
import { requireScope, tenantOf } from "../api/tenant.ts";
import { ListMeters, ListMetersQuery, Meter, MeterCreate, MeterQuantities, MeterQuantitiesQuery, MeterUpdate } from "./meters.schemas.ts";
import { createMeter, getMeter, listMeters, meterQuantities, patchMeter } from "./meters.service.ts";

const tags = ["meters"];

export function meterRoutes(deps: Deps) {
  const app = v1Router();

  app.openapi(
    createRoute({
      method: "get",
      path: "/meters/",
      operationId: "meters:list",
      summary: "List meters",
      tags,
      middleware: [requireScope("meters:read", "meters:write")] as const,
      request: { query: ListMetersQuery },
      responses: { 200: jsonResponse(ListMeters, "The organization's meters.") },
    }),
    async (c) => c.json(await listMeters(deps, tenantOf(c), c.req.valid("query"), metadataFilters(c)), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/meters/",
      operationId: "meters:create",
      summary: "Create a meter",
      tags,
      middleware: [requireScope("meters:write")] as const,
      request: { body: jsonBody(MeterCreate) },
      responses: { 201: jsonResponse(Meter, "The new meter.") },
    }),
    async (c) => c.json(await createMeter(deps, tenantOf(c), c.req.valid("json")), 201),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/meters/{id}",
      operationId: "meters:get",
      summary: "Get a meter",
      tags,
      middleware: [requireScope("meters:read", "meters:write")] as const,
      request: { params: IdParam },
      responses: { 200: jsonResponse(Meter, "The meter.") },
    }),
    async (c) => c.json(await getMeter(deps, tenantOf(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/meters/{id}",
      operationId: "meters:update",
      summary: "Update a meter",
      description: "is_archived: true archives the meter (archived_at set); false restores it.",
      tags,
      middleware: [requireScope("meters:write")] as const,
      request: { params: IdParam, body: jsonBody(MeterUpdate) },
      responses: { 200: jsonResponse(Meter, "The updated meter.") },
    }),
    async (c) => c.json(await patchMeter(deps, tenantOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/meters/{id}/quantities",
      operationId: "meters:quantities",
      summary: "Get a meter's quantities",
      description: "One bucket per interval from the one holding start_timestamp to the one holding end_timestamp (at most 1000).",
      tags,
      middleware: [requireScope("meters:read", "meters:write")] as const,
      request: { params: IdParam, query: MeterQuantitiesQuery },
      responses: { 200: jsonResponse(MeterQuantities, "Quantities per interval.") },
    }),
    async (c) => c.json(await meterQuantities(deps, tenantOf(c), c.req.valid("param").id, c.req.valid("query")), 200),
  );

  return app;
}
