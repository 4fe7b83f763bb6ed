// The subscribable list lives in @gatehouse/webhooks so the dashboard and applications share it.
import type { WebhookEventType } from "@gatehouse/webhooks/event-types";

export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@gatehouse/webhooks/event-types";

/** The types existing resources emit today; later issues extend this list as they wire theirs. */
export const EMITTED_EVENT_TYPES = [
  "product.created",
  "product.updated",
  "benefit.created",
  "benefit.updated",
  "customer.created",
  "customer.updated",
  "customer.deleted",
  "customer.state_changed",
  "organization.updated",
] as const satisfies readonly WebhookEventType[];
