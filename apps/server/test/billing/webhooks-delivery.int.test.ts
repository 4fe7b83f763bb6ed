import { validateEvent } from "@polar-sh/sdk/webhooks";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { useBillingServer } from "../support/billing.ts";
import { freezeDate } from "../support/fixtures.ts";
import { outboxOf } from "../support/webhooks.ts";
import {
  advance,
  closeReceivers,
  createProduct,
  DAY,
  deliveriesOf,
  endpointWithReceiver,
  HOUR,
  idsOf,
  letTimePass,
  MINUTE,
  productsOf,
  SECOND,
} from "./webhooks-delivery.support.ts";

// A short timeout so the timeout test does not wait 10 s.
const { server, merchant } = useBillingServer({ WEBHOOK_TIMEOUT_MS: "500" });
afterEach(closeReceivers);

/** Both official verifiers, on exactly the request as it arrived, with one secret. */
function verifiesWith(request: { body: string; headers: Record<string, unknown> }, secret: string) {
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const attempt = (check: () => unknown) => {
    try {
      check();
      return true;
    } catch {
      return false;
    }
  };
  return {
    standardWebhooks: attempt(() => new Webhook(secret).verify(request.body, headers)),
    polarSdk: attempt(() => validateEvent(request.body, headers, secret)),
  };
}

describe("webhook delivery", () => {
  it("sends each event once, signed so that standardwebhooks and the Polar SDK both accept it", async () => {
    const m = await merchant();
    const { receiver, endpointId } = await endpointWithReceiver(m);
    const productId = await createProduct(m);
    await server.drainJobs();

    const [request] = await receiver.waitFor(1);
    expect(receiver.received).toHaveLength(1);
    expect(request?.standardWebhooks).toEqual({ ok: true });
    expect(request?.polarSdk).toEqual({ ok: true });
    const [event] = await outboxOf(server, m.organizationId);
    expect(request?.headers["webhook-id"]).toBe(event?.id);
    expect(request?.headers["user-agent"]).toBe("Gatehouse-Webhooks");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toMatchObject({ type: "product.created", data: { id: productId } });

    const [delivery] = await deliveriesOf(m, endpointId);
    expect(delivery).toMatchObject({ succeeded: true, http_code: 200, response: "ok", webhook_event: { id: event?.id } });
    expect(await server.drainJobs()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it("retries a failing delivery after 5 s, 5 min and 30 min, with the same webhook-id", async () => {
    freezeDate();
    const m = await merchant();
    const { receiver, endpointId } = await endpointWithReceiver(m);
    receiver.failFirst(3);
    await createProduct(m);
    await server.drainJobs();
    expect(receiver.received).toHaveLength(1);

    await advance(server, 4 * SECOND);
    expect(receiver.received).toHaveLength(1);
    await advance(server, 1 * SECOND);
    expect(receiver.received).toHaveLength(2);
    await advance(server, 5 * MINUTE - SECOND);
    expect(receiver.received).toHaveLength(2);
    await advance(server, SECOND);
    expect(receiver.received).toHaveLength(3);
    await advance(server, 30 * MINUTE);
    expect(receiver.received.map((r) => r.answeredWith)).toEqual([500, 500, 500, 200]);
    expect(new Set(idsOf(receiver)).size).toBe(1);
    expect(receiver.received.every((r) => r.standardWebhooks.ok && r.polarSdk.ok)).toBe(true);

    const log = await deliveriesOf(m, endpointId);
    expect(log.map((d) => d.http_code).sort()).toEqual([200, 500, 500, 500]);
    expect(log.filter((d) => d.succeeded)).toHaveLength(1);
    await advance(server, DAY);
    expect(receiver.received).toHaveLength(4);
  });

  it("waits as long as Retry-After asks, in seconds or as an HTTP date", async () => {
    const start = freezeDate();
    const m = await merchant();
    const { receiver } = await endpointWithReceiver(m);
    receiver.script(
      { status: 503, retryAfter: 120 },
      { status: 429, retryAfter: new Date(start + 120 * SECOND + 10 * MINUTE).toUTCString() },
    );
    await createProduct(m);
    await server.drainJobs();

    await advance(server, 119 * SECOND);
    expect(receiver.received).toHaveLength(1);
    await advance(server, SECOND);
    expect(receiver.received).toHaveLength(2);
    await advance(server, 9 * MINUTE);
    expect(receiver.received).toHaveLength(2);
    await advance(server, MINUTE);
    expect(receiver.received.map((r) => r.answeredWith)).toEqual([503, 429, 200]);
  });

  it("gives up on a request that takes longer than the timeout and tries again later", async () => {
    freezeDate();
    const m = await merchant();
    const { receiver, endpointId } = await endpointWithReceiver(m);
    receiver.script({ delayMs: 1500 });
    await createProduct(m);
    await server.drainJobs();
    const [timedOut] = await deliveriesOf(m, endpointId);
    expect(timedOut).toMatchObject({ succeeded: false, http_code: null, response: "timed out after 500 ms" });
    expect(timedOut?.duration_ms).toBeGreaterThanOrEqual(450);
    expect(timedOut?.duration_ms).toBeLessThan(1500);

    await advance(server, 5 * SECOND);
    expect(receiver.received).toHaveLength(2);
    expect((await deliveriesOf(m, endpointId)).filter((d) => d.succeeded)).toHaveLength(1);
  });

  it("holds back later events while the first one to the same endpoint fails, then sends them in order", async () => {
    freezeDate();
    const m = await merchant();
    const { receiver } = await endpointWithReceiver(m);
    const other = await endpointWithReceiver(m);
    receiver.failFirst(2);
    const first = await createProduct(m);
    const second = await createProduct(m);
    const third = await createProduct(m);
    await server.drainJobs();
    expect(productsOf(receiver)).toEqual([first]);
    // Another endpoint of the same organization is not held back.
    expect(productsOf(other.receiver)).toEqual([first, second, third]);

    await advance(server, 5 * SECOND);
    expect(productsOf(receiver)).toEqual([first, first]);
    await advance(server, 5 * MINUTE);
    expect(productsOf(receiver)).toEqual([first, first, first, second, third]);
  });

  it("signs with both secrets during a rotation's overlap, and with the new one only after it", async () => {
    freezeDate();
    const m = await merchant();
    const { receiver, endpointId } = await endpointWithReceiver(m);
    const oldSecret = receiver.secret as string;
    const rotated = await m.api.patch(`/v1/webhooks/endpoints/${endpointId}/secret`, {});
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret as string;
    expect(newSecret).not.toBe(oldSecret);

    await createProduct(m);
    await server.drainJobs();
    const [during] = await receiver.waitFor(1);
    expect(verifiesWith(during as never, oldSecret)).toEqual({ standardWebhooks: true, polarSdk: true });
    expect(verifiesWith(during as never, newSecret)).toEqual({ standardWebhooks: true, polarSdk: true });

    await advance(server, DAY + SECOND);
    await createProduct(m);
    await server.drainJobs();
    const after = receiver.received[1];
    expect(verifiesWith(after as never, newSecret)).toEqual({ standardWebhooks: true, polarSdk: true });
    expect(verifiesWith(after as never, oldSecret)).toEqual({ standardWebhooks: false, polarSdk: false });
  });

  it("wraps a short summary in Discord's content and Slack's text fields", async () => {
    const m = await merchant();
    const discord = await endpointWithReceiver(m, { format: "discord" });
    const slack = await endpointWithReceiver(m, { format: "slack" });
    await createProduct(m);
    await server.drainJobs();
    const [toDiscord] = await discord.receiver.waitFor(1);
    const [toSlack] = await slack.receiver.waitFor(1);
    expect(JSON.parse(toDiscord?.body ?? "")).toEqual({ content: expect.stringMatching(/^Gatehouse: product\.created — Plan \d+$/) });
    expect(JSON.parse(toSlack?.body ?? "")).toEqual({ text: expect.stringMatching(/^Gatehouse: product\.created — Plan \d+$/) });
    expect(toSlack?.standardWebhooks).toEqual({ ok: true });
  });

  it("keeps the delivery log but purges payloads after the retention time", async () => {
    freezeDate();
    const m = await merchant();
    const { endpointId } = await endpointWithReceiver(m);
    await createProduct(m);
    await server.drainJobs();
    await advance(server, 89 * DAY);
    expect((await deliveriesOf(m, endpointId))[0]?.webhook_event).toMatchObject({ is_archived: false });

    await advance(server, 2 * DAY);
    const [delivery] = await deliveriesOf(m, endpointId);
    expect(delivery).toMatchObject({ succeeded: true, http_code: 200, webhook_event: { is_archived: true, payload: null } });
  });
});

describe("after a long outage", () => {
  it("fails an old event after three days of retries, then gives each late event a few attempts", async () => {
    freezeDate();
    const m = await merchant();
    const { receiver } = await endpointWithReceiver(m);
    receiver.answer({ status: 500 });
    const first = await createProduct(m);
    const second = await createProduct(m);
    await letTimePass(server, m.organizationId, 4);
    // Ten attempts for the first; the second waited behind it past its own three days, and still
    // gets three attempts (over about 5 minutes) instead of failing untried or taking 3 more days.
    expect(productsOf(receiver)).toEqual([...Array(10).fill(first), second, second, second]);
    const times = receiver.received.map((r) => r.at.getTime());
    expect(((times[9] as number) - (times[0] as number)) / HOUR).toBeCloseTo(71.6, 0);
    expect(((times[12] as number) - (times[10] as number)) / MINUTE).toBeCloseTo(5.1, 0);
    expect((await outboxOf(server, m.organizationId)).map((e) => e.status)).toEqual(["failed", "failed"]);
  });
});
