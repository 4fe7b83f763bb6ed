import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { useBillingServer } from "../support/billing.ts";
import { type GatehouseProcess, spawnWorkerFor } from "../support/gatehouse-process.ts";
import { WebhookReceiver } from "../support/webhook-receiver.ts";
import { outboxOf } from "../support/webhooks.ts";
import { createProduct } from "./webhooks-delivery.support.ts";

// The app server here never sends webhooks (tests drain by hand, and this one never does after
// setup): only the separate worker processes, killed again and again, deliver.
const { server, merchant } = useBillingServer();
const receiver = new WebhookReceiver();
const workers: GatehouseProcess[] = [];
afterAll(async () => {
  for (const worker of workers) worker.child.kill("SIGKILL");
  await receiver.close();
});

const EVENTS = 20;
const KILLS = 10;

function startWorker(): GatehouseProcess {
  // A killed worker's lease lapses after 1.5 s, so the next one takes over quickly.
  const worker = spawnWorkerFor(server, { WEBHOOK_LEASE_MS: "1500" });
  workers.push(worker);
  return worker;
}

describe("webhook delivery when the worker crashes", () => {
  it("loses no event and keeps the order when the worker is killed mid-delivery again and again", { timeout: 120_000 }, async () => {
    const m = await merchant();
    await receiver.start();
    // Slow answers, so a kill lands while a request is in flight (or while its outcome is written).
    receiver.answer({ delayMs: 250 });
    const created = await m.api.post("/v1/webhooks/endpoints", { url: receiver.url, format: "raw", events: ["product.created"] });
    receiver.secret = created.body.secret;
    const products: string[] = [];
    for (let i = 0; i < EVENTS; i++) products.push(await createProduct(m));

    for (let kill = 0; kill < KILLS; kill++) {
      const worker = startWorker();
      await receiver.waitFor(receiver.received.length + 1, 20_000);
      // Vary the moment: before the answer, around it, or while the next one starts.
      await sleep((kill * 97) % 400);
      worker.child.kill("SIGKILL");
      await worker.exited;
    }
    // Two workers at once for the rest: the endpoint's lease still lets only one send to it.
    const last = [startWorker(), startWorker()];
    await expect
      .poll(async () => (await outboxOf(server, m.organizationId)).filter((e) => e.status === "succeeded").length, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe(EVENTS);
    expect(await Promise.all(last.map((worker) => worker.stop()))).toEqual([0, 0]);

    const events = await outboxOf(server, m.organizationId);
    const requests = receiver.received.map((r) => ({ id: r.headers["webhook-id"], product: JSON.parse(r.body).data.id, r }));
    // Every event arrived, each under its own id, and a duplicate always under the same id.
    expect(new Set(requests.map((r) => r.id))).toEqual(new Set(events.map((e) => e.id)));
    for (const product of products) expect(new Set(requests.filter((r) => r.product === product).map((r) => r.id)).size).toBe(1);
    // First arrivals are in the order the products were created: no crash let one overtake another.
    expect([...new Set(requests.map((r) => r.product))]).toEqual(products);
    expect(requests.every(({ r }) => r.standardWebhooks.ok && r.polarSdk.ok)).toBe(true);
    expect(requests.length).toBeGreaterThan(EVENTS);
    // Never two requests to the endpoint at once: each arrived after the one before was answered
    // (250 ms), or after a killed worker's lease had lapsed.
    const arrivals = receiver.received.map((r) => r.at.getTime());
    const gaps = arrivals.slice(1).map((at, i) => at - (arrivals[i] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(240);
  });
});
