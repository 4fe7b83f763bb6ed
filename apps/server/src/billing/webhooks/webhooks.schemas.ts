import { z } from "../api/openapi.ts";
import { listQuery, listResponse } from "../api/pagination.ts";
import { oneOrMany, queryBoolean } from "../api/query.ts";
import { HttpUrl } from "../api/url.ts";
import { WEBHOOK_EVENT_TYPES } from "./webhooks.event-types.ts";

const Timestamp = z.string().openapi({ format: "date-time" });

export const WEBHOOK_FORMATS = ["raw", "discord", "slack"] as const;
export const WebhookFormat = z.enum(WEBHOOK_FORMATS).openapi("WebhookFormat");
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES).openapi("WebhookEventType");

/** What the answers carry in place of the secret outside create and reset. */
export const REDACTED_SECRET = "[redacted]";

export const WebhookEndpoint = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: z.string().openapi({ format: "uuid" }),
    url: z.string(),
    name: z.string().nullable(),
    format: WebhookFormat,
    secret: z.string().openapi({
      description: `The signing secret, in full only in the answers to create and to secret reset; "${REDACTED_SECRET}" elsewhere.`,
    }),
    organization_id: z.string(),
    events: z.array(WebhookEventType),
    enabled: z.boolean(),
    disabled_reason: z.enum(["gone", "failing"]).nullable().openapi({
      description:
        'Gatehouse extension. Why Gatehouse turned the endpoint off: "gone" (it answered 410) or "failing" (too many failed events in a row); null when enabled or turned off by hand.',
    }),
  })
  .openapi("WebhookEndpoint");
export type WebhookEndpointOut = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointCreate = z
  .object({
    // Only the shape; whether the host may be private depends on configuration (the service checks).
    url: HttpUrl,
    name: z.string().nullish(),
    format: WebhookFormat,
    events: z.array(WebhookEventType),
    organization_id: z.string().nullish(),
  })
  .openapi("WebhookEndpointCreate");
export type WebhookEndpointCreateIn = z.infer<typeof WebhookEndpointCreate>;

export const WebhookEndpointUpdate = z
  .object({
    url: HttpUrl.nullish(),
    name: z.string().nullish(),
    format: WebhookFormat.nullish(),
    events: z.array(WebhookEventType).nullish(),
    enabled: z.boolean().nullish(),
  })
  .openapi("WebhookEndpointUpdate");
export type WebhookEndpointUpdateIn = z.infer<typeof WebhookEndpointUpdate>;

export const WebhookEvent = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: z.string().openapi({ format: "uuid", description: "Also the `webhook-id` header of every request that sends it." }),
    last_http_code: z.number().int().nullable(),
    succeeded: z.boolean().nullable().openapi({ description: "null while no delivery has been attempted." }),
    skipped: z.boolean(),
    payload: z.string().nullable().openapi({ description: "The JSON body as sent; null once purged (then is_archived)." }),
    type: WebhookEventType,
    is_archived: z.boolean(),
  })
  .openapi("WebhookEvent");
export type WebhookEventOut = z.infer<typeof WebhookEvent>;

export const WebhookDelivery = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: z.string().openapi({ format: "uuid" }),
    succeeded: z.boolean(),
    http_code: z.number().int().nullable(),
    response: z.string().nullable(),
    duration_ms: z.number().int().openapi({ description: "Gatehouse extension. How long the attempt took." }),
    webhook_event: WebhookEvent,
  })
  .openapi("WebhookDelivery");
export type WebhookDeliveryOut = z.infer<typeof WebhookDelivery>;

export const ListWebhookEndpoints = listResponse(WebhookEndpoint, "ListResource_WebhookEndpoint_");
export const ListWebhookDeliveries = listResponse(WebhookDelivery, "ListResource_WebhookDelivery_");

export const ListWebhookEndpointsQuery = z.object({
  organization_id: oneOrMany(z.string()).optional(),
  ...listQuery,
});

const timestampParam = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), "Input should be a valid datetime.")
  .openapi({ format: "date-time" });

export const HTTP_CODE_CLASSES = ["2xx", "3xx", "4xx", "5xx"] as const;

export const ListWebhookDeliveriesQuery = z.object({
  endpoint_id: oneOrMany(z.string()).optional(),
  start_timestamp: timestampParam.optional().openapi({ description: "Deliveries made at or after this time." }),
  end_timestamp: timestampParam.optional().openapi({ description: "Deliveries made at or before this time." }),
  succeeded: queryBoolean.optional(),
  query: z
    .string()
    .optional()
    .openapi({ description: "An event id, or text the event's payload or the endpoint's answer contains (case-insensitive)." }),
  http_code_class: z.enum(HTTP_CODE_CLASSES).optional(),
  event_type: oneOrMany(WebhookEventType).optional(),
  ...listQuery,
});
export type ListWebhookDeliveriesQueryIn = z.infer<typeof ListWebhookDeliveriesQuery>;
