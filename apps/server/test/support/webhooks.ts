import type { WebhookEventType } from "../../src/billing/webhooks/webhooks.event-types.ts";
import type { Merchant } from "./billing.ts";
import type { TestServer } from "./test-server.ts";

/**
 * A webhook endpoint of the merchant subscribed to these types, made through the API as an
 * application would; `enabled: false` turns it off afterwards. Nothing listens at the default URL
 * (the discard port), so these tests look at the outbox: a drainJobs() would only record failed attempts.
 */
export async function subscribeEndpoint(
  merchant: Merchant,
  events: readonly WebhookEventType[],
  options: { enabled?: boolean; url?: string } = {},
): Promise<string> {
  const created = await merchant.api.post("/v1/webhooks/endpoints", {
    url: options.url ?? "http://127.0.0.1:9/webhooks",
    format: "raw",
    events,
  });
  if (created.status !== 201) throw new Error(`endpoint create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  if (options.enabled === false) {
    const disabled = await merchant.api.patch(`/v1/webhooks/endpoints/${id}`, { enabled: false });
    if (disabled.status !== 200) throw new Error(`endpoint disable failed: ${disabled.status} ${JSON.stringify(disabled.body)}`);
  }
  return id;
}

export interface OutboxRow {
  id: string;
  endpointId: string;
  type: string;
  status: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests compare the envelope with what the API answered.
  envelope: { type: string; timestamp: string; data: any };
}

/** The organization's webhook outbox (one row per event and endpoint), in the order it was written. */
export async function outboxOf(server: TestServer, organizationId: string): Promise<OutboxRow[]> {
  const rows = await server.deps.db
    .selectFrom("webhook_event")
    .select(["id", "endpoint_id", "type", "status", "payload"])
    .where("organization_id", "=", organizationId)
    .orderBy("seq")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    endpointId: row.endpoint_id,
    type: row.type,
    status: row.status,
    envelope: JSON.parse(row.payload ?? "null"),
  }));
}
