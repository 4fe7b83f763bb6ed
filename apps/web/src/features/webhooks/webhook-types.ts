// The /v1 webhook wire shapes the dashboard reads (Polar's WebhookEndpoint, WebhookEvent,
// WebhookDelivery, snake_case), plus Gatehouse's extensions (`disabled_reason`, `duration_ms`).

import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@gatehouse/webhooks/event-types";

export { WEBHOOK_EVENT_TYPES, type WebhookEventType };

export const WEBHOOK_FORMATS = [
  { value: "raw", label: "Raw JSON (signed, for your application)" },
  { value: "discord", label: "Discord message" },
  { value: "slack", label: "Slack message" },
] as const;

export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number]["value"];

export interface WebhookEndpoint {
  id: string;
  created_at: string;
  modified_at: string | null;
  url: string;
  name: string | null;
  format: WebhookFormat;
  /** In full only in the answers to create and to secret reset; "[redacted]" elsewhere. */
  secret: string;
  organization_id: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Why Gatehouse turned it off ("gone": answered 410; "failing": too many failed events); null when a member did. */
  disabled_reason?: "gone" | "failing" | null;
}

export interface WebhookEvent {
  id: string;
  created_at: string;
  type: string;
  succeeded: boolean | null;
  last_http_code: number | null;
  skipped: boolean;
  /** The JSON body as sent; null once purged after the retention period. */
  payload: string | null;
  is_archived: boolean;
}

export interface WebhookDelivery {
  id: string;
  created_at: string;
  succeeded: boolean;
  http_code: number | null;
  /** The start of what the endpoint answered. */
  response: string | null;
  duration_ms?: number;
  webhook_event: WebhookEvent;
}

/** "customer.state_changed" → "customer": the resource a type is about, for grouping. */
export const resourceOfEventType = (type: string) => type.split(".")[0] ?? type;

/** The event types by resource, in the list's order. */
export function eventTypesByResource(): [string, WebhookEventType[]][] {
  const groups = new Map<string, WebhookEventType[]>();
  for (const type of WEBHOOK_EVENT_TYPES) {
    const resource = resourceOfEventType(type);
    groups.set(resource, [...(groups.get(resource) ?? []), type]);
  }
  return [...groups.entries()];
}
