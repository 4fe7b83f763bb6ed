import { afterEach, describe, expect, it } from "vitest";
import { useBillingServer } from "../support/billing.ts";
import { WebhookReceiver } from "../support/webhook-receiver.ts";
import { closeReceivers, createProduct, deliveriesOf, openReceivers } from "./webhooks-delivery.support.ts";

// Production's default: nothing is sent to loopback, private or link-local addresses.
const { server, merchant } = useBillingServer({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: "false" });
afterEach(closeReceivers);

/**
 * The API refuses private URLs when an endpoint is made, so these endpoints are made with a public
 * URL that then turns private — as after a DNS change, or for an endpoint saved while private
 * networks were allowed — which only the check at send time can catch. `host` gets the receiver's
 * port appended.
 */
async function endpointMovedTo(host: string) {
  const m = await merchant();
  const receiver = await new WebhookReceiver().start();
  openReceivers.push(receiver);
  const created = await m.api.post("/v1/webhooks/endpoints", {
    url: "https://hooks.example.com/in",
    format: "raw",
    events: ["product.created"],
  });
  expect(created.status).toBe(201);
  const endpointId = created.body.id as string;
  const url = `http://${host}:${new URL(receiver.url).port}/webhooks`;
  await server.deps.db.updateTable("webhook_endpoint").set({ url }).where("id", "=", endpointId).execute();
  return { m, receiver, endpointId };
}

describe("webhooks to private addresses", () => {
  it("refuses a loopback address at send time, and logs why", async () => {
    const { m, receiver, endpointId } = await endpointMovedTo("127.0.0.1");
    await createProduct(m);
    await server.drainJobs();
    expect(receiver.received).toHaveLength(0);
    const [attempt] = await deliveriesOf(m, endpointId);
    expect(attempt).toMatchObject({
      succeeded: false,
      http_code: null,
      response: expect.stringContaining("127.0.0.1 is a loopback address"),
    });
  });

  it("refuses a name that resolves to a loopback address", async () => {
    const { m, receiver, endpointId } = await endpointMovedTo("localhost");
    await createProduct(m);
    await server.drainJobs();
    expect(receiver.received).toHaveLength(0);
    const [attempt] = await deliveriesOf(m, endpointId);
    expect(attempt?.response).toMatch(/^localhost resolves to .*, a loopback address/);
  });

  it("refuses a private address when the endpoint is made", async () => {
    const m = await merchant();
    const created = await m.api.post("/v1/webhooks/endpoints", { url: "https://10.0.0.8/in", format: "raw", events: ["product.created"] });
    expect(created.status).toBe(422);
  });
});
