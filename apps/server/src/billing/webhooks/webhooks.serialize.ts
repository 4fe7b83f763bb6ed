import type { WebhookEventStatus } from "../../db/schema.ts";
import { toBool, toIso } from "../api/wire.ts";
import type { WebhookEventType } from "./webhooks.event-types.ts";
import type { DeliveryRow, WebhookEndpointRow } from "./webhooks.repository.ts";
import { REDACTED_SECRET, type WebhookDeliveryOut, type WebhookEndpointOut, type WebhookEventOut } from "./webhooks.schemas.ts";

/** `secret` is the plain secret when the answer may show it (create, reset), else it is redacted. */
export function serializeWebhookEndpoint(row: WebhookEndpointRow, secret: string = REDACTED_SECRET): WebhookEndpointOut {
  return {
    created_at: toIso(row.created_at),
    modified_at: toIso(row.modified_at),
    id: row.id,
    url: row.url,
    name: row.name,
    format: row.format,
    secret,
    organization_id: row.organization_id,
    events: JSON.parse(row.events) as WebhookEventType[],
    enabled: toBool(row.enabled),
    disabled_reason: row.disabled_reason,
  };
}

interface EventFields {
  id: string;
  created_at: Date | string;
  modified_at: Date | string | null;
  type: string;
  payload: string | null;
  status: WebhookEventStatus;
  last_http_code: number | null;
}

/**
 * Polar's WebhookEvent from our row. A finished event says how it finished; one still waiting (or
 * skipped) says how its latest attempt went, so a redelivered event that once succeeded does not
 * read as never tried — `latestAttempt` is undefined when there was none.
 */
export function serializeWebhookEvent(event: EventFields, latestAttempt: boolean | undefined): WebhookEventOut {
  const succeeded = event.status === "succeeded" ? true : event.status === "failed" ? false : (latestAttempt ?? null);
  return {
    created_at: toIso(event.created_at),
    modified_at: toIso(event.modified_at),
    id: event.id,
    last_http_code: event.last_http_code,
    succeeded,
    skipped: event.status === "skipped",
    payload: event.payload,
    type: event.type as WebhookEventType,
    is_archived: event.payload === null,
  };
}

export function serializeWebhookDelivery(row: DeliveryRow, latestAttempt: boolean | undefined): WebhookDeliveryOut {
  return {
    created_at: toIso(row.created_at),
    modified_at: toIso(row.modified_at),
    id: row.id,
    succeeded: toBool(row.succeeded),
    http_code: row.http_code,
    response: row.response,
    duration_ms: row.duration_ms,
    webhook_event: serializeWebhookEvent(
      {
        id: row.event_id,
        created_at: row.event_created_at,
        modified_at: row.event_modified_at,
        type: row.event_type,
        payload: row.event_payload,
        status: row.event_status,
        last_http_code: row.event_last_http_code,
      },
      latestAttempt,
    ),
  };
}
