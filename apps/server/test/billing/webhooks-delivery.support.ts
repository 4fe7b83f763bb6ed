import { vi } from "vitest";
import type { Merchant } from "../support/billing.ts";
import type { TestServer } from "../support/test-server.ts";
import { WebhookReceiver } from "../support/webhook-receiver.ts";

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Receivers made by a test, closed after it. */
export const openReceivers: WebhookReceiver[] = [];
export const closeReceivers = () => Promise.all(openReceivers.splice(0).map((receiver) => receiver.close()));

/** A receiver on loopback and an endpoint pointing at it, made through the API; the receiver knows the secret. */
export async function endpointWithReceiver(m: Merchant, options: { events?: string[]; format?: string } = {}) {
  const receiver = await new WebhookReceiver().start();
  openReceivers.push(receiver);
  const created = await m.api.post("/v1/webhooks/endpoints", {
    url: receiver.url,
    format: options.format ?? "raw",
    events: options.events ?? ["product.created"],
  });
  if (created.status !== 201) throw new Error(`endpoint create failed: ${created.status} ${JSON.stringify(created.body)}`);
  receiver.secret = created.body.secret;
  return { receiver, endpointId: created.body.id as string };
}

let productCount = 0;
/** A real change that emits `product.created`; answers the product id. */
export async function createProduct(m: Merchant): Promise<string> {
  productCount += 1;
  const created = await m.api.post("/v1/products/", {
    name: `Plan ${productCount}`,
    prices: [{ amount_type: "fixed", price_amount: 1000 + productCount, price_currency: "usd" }],
  });
  if (created.status !== 201) throw new Error(`product create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}

/** The webhook-id of each request, in arrival order. */
export const idsOf = (receiver: WebhookReceiver) => receiver.received.map((r) => r.headers["webhook-id"]);

/** The product id in each request's body, in arrival order. */
export const productsOf = (receiver: WebhookReceiver) => receiver.received.map((r) => JSON.parse(r.body).data.id as string);

/** Moves the (frozen) clock forward and runs the worker as it would at that time. */
export async function advance(server: TestServer, ms: number): Promise<void> {
  vi.setSystemTime(Date.now() + ms);
  await server.drainJobs();
}

/**
 * Lets days pass for one organization's webhooks: jumps from one due attempt to the next (running
 * the worker at each) until nothing of the organization is pending and enabled, or `days` are over.
 */
export async function letTimePass(server: TestServer, organizationId: string, days: number): Promise<void> {
  const end = Date.now() + days * DAY;
  // A bound, so a worker that stops making progress fails the test instead of spinning forever.
  for (let round = 0; round < 1000; round++) {
    await server.drainJobs();
    // Only an endpoint's oldest pending event can be due; the later ones wait behind it.
    const next = await server.deps.db
      .selectFrom("webhook_event as head")
      .innerJoin("webhook_endpoint", "webhook_endpoint.id", "head.endpoint_id")
      .select((eb) => eb.fn.min("head.next_attempt_at").as("at"))
      .where("head.organization_id", "=", organizationId)
      .where("head.status", "=", "pending")
      .where("webhook_endpoint.enabled", "=", true)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("webhook_event as earlier")
              .select("earlier.id")
              .whereRef("earlier.endpoint_id", "=", "head.endpoint_id")
              .where("earlier.status", "=", "pending")
              .whereRef("earlier.seq", "<", "head.seq"),
          ),
        ),
      )
      .executeTakeFirst();
    if (!next?.at) return;
    const at = new Date(next.at).getTime();
    if (at > end) return;
    vi.setSystemTime(Math.max(at, Date.now()));
  }
  throw new Error("webhooks still due after 1000 rounds of the worker");
}

/** The delivery log of an endpoint, oldest first, through the API. */
export async function deliveriesOf(m: Merchant, endpointId: string) {
  const page = await m.api.get(`/v1/webhooks/deliveries?endpoint_id=${endpointId}&limit=100`);
  if (page.status !== 200) throw new Error(`deliveries list failed: ${page.status} ${JSON.stringify(page.body)}`);
  // biome-ignore lint/suspicious/noExplicitAny: the API's answer.
  return [...page.body.items].sort((a: any, b: any) => a.created_at.localeCompare(b.created_at));
}
