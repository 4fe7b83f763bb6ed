import type { Deps } from "../../deps.ts";
import { createRoute, IdParam, jsonBody, jsonResponse, noContent, v1Router, z } from "../api/openapi.ts";
import { requireScope, tenantOf } from "../api/tenant.ts";
import {
  ListWebhookDeliveries,
  ListWebhookDeliveriesQuery,
  ListWebhookEndpoints,
  ListWebhookEndpointsQuery,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
  WebhookEvent,
} from "./webhooks.schemas.ts";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhookEvent,
  resetWebhookEndpointSecret,
  sendTestWebhookEvent,
  updateWebhookEndpointById,
} from "./webhooks.service.ts";

const tags = ["webhooks"];
const read = () => requireScope("webhooks:read", "webhooks:write");
const write = () => requireScope("webhooks:write");

export function webhookRoutes(deps: Deps) {
  const app = v1Router();

  app.openapi(
    createRoute({
      method: "get",
      path: "/webhooks/endpoints",
      operationId: "webhooks:list_webhook_endpoints",
      summary: "List webhook endpoints",
      tags,
      middleware: [read()] as const,
      request: { query: ListWebhookEndpointsQuery },
      responses: { 200: jsonResponse(ListWebhookEndpoints, "A page of endpoints, newest first; secrets redacted.") },
    }),
    async (c) => c.json(await listWebhookEndpoints(deps, tenantOf(c), c.req.valid("query")), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/webhooks/endpoints",
      operationId: "webhooks:create_webhook_endpoint",
      summary: "Create a webhook endpoint",
      description: "The answer holds the signing secret in full; later answers redact it.",
      tags,
      middleware: [write()] as const,
      request: { body: jsonBody(WebhookEndpointCreate) },
      responses: { 201: jsonResponse(WebhookEndpoint, "The endpoint, with its secret shown once.") },
    }),
    async (c) => c.json(await createWebhookEndpoint(deps, tenantOf(c), c.req.valid("json")), 201),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/webhooks/endpoints/{id}",
      operationId: "webhooks:get_webhook_endpoint",
      summary: "Get a webhook endpoint",
      tags,
      middleware: [read()] as const,
      request: { params: IdParam },
      responses: { 200: jsonResponse(WebhookEndpoint, "The endpoint, secret redacted.") },
    }),
    async (c) => c.json(await getWebhookEndpoint(deps, tenantOf(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/webhooks/endpoints/{id}",
      operationId: "webhooks:update_webhook_endpoint",
      summary: "Update a webhook endpoint",
      description: "`enabled: true` also clears why Gatehouse turned it off, and its waiting events are sent at once.",
      tags,
      middleware: [write()] as const,
      request: { params: IdParam, body: jsonBody(WebhookEndpointUpdate) },
      responses: { 200: jsonResponse(WebhookEndpoint, "The updated endpoint, secret redacted.") },
    }),
    async (c) => c.json(await updateWebhookEndpointById(deps, tenantOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/webhooks/endpoints/{id}",
      operationId: "webhooks:delete_webhook_endpoint",
      summary: "Delete a webhook endpoint",
      tags,
      middleware: [write()] as const,
      request: { params: IdParam },
      responses: { 204: noContent("Nothing more is sent to it; events still waiting are skipped.") },
    }),
    async (c) => {
      await deleteWebhookEndpoint(deps, tenantOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/webhooks/endpoints/{id}/secret",
      operationId: "webhooks:reset_webhook_endpoint_secret",
      summary: "Reset a webhook endpoint's secret",
      description: "The old secret keeps signing, beside the new one, for WEBHOOK_SECRET_OVERLAP seconds.",
      tags,
      middleware: [write()] as const,
      request: { params: IdParam },
      responses: { 200: jsonResponse(WebhookEndpoint, "The endpoint, with its new secret shown once.") },
    }),
    async (c) => c.json(await resetWebhookEndpointSecret(deps, tenantOf(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/webhooks/endpoints/{id}/test",
      operationId: "webhooks:send_test_webhook_event",
      summary: "Send a test event (Gatehouse extension)",
      description:
        "Queues an `organization.updated` event carrying the organization to this endpoint only, whatever it subscribed to. Not in Polar's API.",
      tags,
      middleware: [write()] as const,
      request: { params: IdParam },
      responses: { 202: jsonResponse(WebhookEvent, "The queued event; its attempts appear in the deliveries list.") },
    }),
    async (c) => c.json(await sendTestWebhookEvent(deps, tenantOf(c), c.req.valid("param").id), 202),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/webhooks/deliveries",
      operationId: "webhooks:list_webhook_deliveries",
      summary: "List webhook deliveries",
      description: "Every attempt to send an event, newest first, each with its event.",
      tags,
      middleware: [read()] as const,
      request: { query: ListWebhookDeliveriesQuery },
      responses: { 200: jsonResponse(ListWebhookDeliveries, "A page of delivery attempts.") },
    }),
    async (c) => c.json(await listWebhookDeliveries(deps, tenantOf(c), c.req.valid("query")), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/webhooks/events/{id}/redeliver",
      operationId: "webhooks:redeliver_webhook_event",
      summary: "Redeliver a webhook event",
      description: "Sends the event again with the same id (`webhook-id`), with a fresh set of retries.",
      tags,
      middleware: [write()] as const,
      request: { params: IdParam },
      responses: { 202: jsonResponse(z.null(), "Redelivery scheduled.") },
    }),
    async (c) => {
      await redeliverWebhookEvent(deps, tenantOf(c), c.req.valid("param").id);
      return c.json(null, 202);
    },
  );

  return app;
}
