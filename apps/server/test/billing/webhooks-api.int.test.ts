import { randomUUID } from "node:crypto";
import { WebhookOrganizationUpdatedPayload$inboundSchema } from "@polar-sh/sdk/models/components/webhookorganizationupdatedpayload.js";
import { describe, expect, it } from "vitest";
import { emitWebhookEvent } from "../../src/billing/webhooks/webhooks.emit.ts";
import type { WebhookEventType } from "../../src/billing/webhooks/webhooks.event-types.ts";
import { decryptSecret } from "../../src/billing/webhooks/webhooks.secrets.ts";
import type { WebhookEventStatus } from "../../src/db/schema.ts";
import { apiClient, type Merchant, useBillingServer } from "../support/billing.ts";
import type { TestServer } from "../support/test-server.ts";

// The test environment allows private networks: endpoints point at the discard port, so a worker
// that happens to run (jobs are drained when a merchant signs up) fails fast and sends nothing.
const { server, merchant } = useBillingServer();
const strict = useBillingServer({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: "false" });

// biome-ignore lint/suspicious/noExplicitAny: SDK 1.x answers raw wire JSON.
type Json = any;

const URL_A = "http://127.0.0.1:9/hooks/a";
const URL_B = "http://127.0.0.1:9/hooks/b";
const REDACTED = "[redacted]";

async function endpoint(m: Merchant, events: WebhookEventType[], url = URL_A): Promise<string> {
  const created = await m.api.post("/v1/webhooks/endpoints", { url, format: "raw", events });
  if (created.status !== 201) throw new Error(`endpoint create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id as string;
}

const endpointRow = (id: string, on: TestServer = server) =>
  on.deps.db.selectFrom("webhook_endpoint").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const eventRow = (id: string) => server.deps.db.selectFrom("webhook_event").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** Emits an event as a change in the organization would, and answers the outbox row written for `endpointId`. */
async function emitted(m: Merchant, endpointId: string, type: WebhookEventType, data: unknown = { id: randomUUID() }) {
  await server.deps.db.transaction().execute((trx) => emitWebhookEvent(trx, server.deps, { organizationId: m.organizationId, type, data }));
  const row = await server.deps.db
    .selectFrom("webhook_event")
    .selectAll()
    .where("organization_id", "=", m.organizationId)
    .where("endpoint_id", "=", endpointId)
    .where("type", "=", type)
    .orderBy("seq", "desc")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One attempt as the delivery worker records it: the log row, and the event's state after it. */
async function attempt(
  m: Merchant,
  eventId: string,
  outcome: { at: string; httpCode: number | null; response?: string; status: WebhookEventStatus },
): Promise<string> {
  const event = await eventRow(eventId);
  const id = randomUUID();
  await server.deps.db
    .insertInto("webhook_delivery")
    .values({
      id,
      organization_id: m.organizationId,
      endpoint_id: event.endpoint_id,
      webhook_event_id: eventId,
      succeeded: outcome.status === "succeeded",
      http_code: outcome.httpCode,
      response: outcome.response ?? null,
      duration_ms: 42,
      created_at: outcome.at,
      modified_at: null,
    })
    .execute();
  await server.deps.db
    .updateTable("webhook_event")
    .set({
      status: outcome.status,
      attempts: event.attempts + 1,
      last_http_code: outcome.httpCode,
      next_attempt_at: outcome.status === "pending" ? new Date(Date.now() + 3_600_000).toISOString() : null,
    })
    .where("id", "=", eventId)
    .execute();
  return id;
}

describe("webhook endpoints through SDK 0.47", () => {
  it("creates an endpoint whose secret is shown once, stored encrypted, and redacted afterwards", async () => {
    const acme = await merchant();
    const created = await acme.sdk.webhooks.createWebhookEndpoint({
      url: URL_A,
      name: "Fulfilment",
      format: "slack",
      events: ["product.created", "customer.created", "product.created"],
    });
    expect(created).toMatchObject({
      url: URL_A,
      name: "Fulfilment",
      format: "slack",
      events: ["product.created", "customer.created"],
      enabled: true,
      organizationId: acme.organizationId,
      modifiedAt: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const stored = await endpointRow(created.id);
    expect(stored.secret).not.toContain(created.secret.slice(6));
    expect(await decryptSecret(server.deps.config, stored.secret)).toBe(created.secret);

    const fetched = await acme.sdk.webhooks.getWebhookEndpoint({ id: created.id });
    expect(fetched).toEqual({ ...created, secret: REDACTED });
    const page = await acme.sdk.webhooks.listWebhookEndpoints({});
    expect(page.result.items).toEqual([{ ...created, secret: REDACTED }]);
    expect(page.result.pagination).toEqual({ totalCount: 1, maxPage: 1 });
  });

  it("updates fields, clears the name with null, and keeps the secret redacted", async () => {
    const acme = await merchant();
    const created = await acme.sdk.webhooks.createWebhookEndpoint({ url: URL_A, name: "Old", format: "raw", events: ["product.created"] });
    const updated = await acme.sdk.webhooks.updateWebhookEndpoint({
      id: created.id,
      webhookEndpointUpdate: { url: URL_B, format: "discord", events: ["organization.updated"], enabled: false },
    });
    expect(updated).toMatchObject({ url: URL_B, name: "Old", format: "discord", events: ["organization.updated"], enabled: false });
    expect(updated.secret).toBe(REDACTED);
    expect(updated.modifiedAt).toBeInstanceOf(Date);

    // SDK 0.47's WebhookEventType predates discount.* and subscription.paused/resumed/cycled; its
    // enum is open, so it sends and reads them back as plain strings.
    const newer = await acme.sdk.webhooks.updateWebhookEndpoint({
      id: created.id,
      webhookEndpointUpdate: { events: ["discount.created", "subscription.paused", "product.updated"] as never },
    });
    expect(newer.events).toEqual(["discount.created", "subscription.paused", "product.updated"]);

    const renamed = await acme.api.patch(`/v1/webhooks/endpoints/${created.id}`, { name: null });
    expect(renamed.body).toMatchObject({ name: null, url: URL_B, enabled: false, secret: REDACTED, format: "discord" });
  });

  it("resets the secret: the new one is shown once and the old one keeps signing for the overlap", async () => {
    const acme = await merchant();
    const created = await acme.sdk.webhooks.createWebhookEndpoint({ url: URL_A, format: "raw", events: ["product.created"] });
    const before = Date.now();
    const reset = await acme.sdk.webhooks.resetWebhookEndpointSecret({ id: created.id });
    expect(reset.secret).toMatch(/^whsec_/);
    expect(reset.secret).not.toBe(created.secret);
    expect((await acme.sdk.webhooks.getWebhookEndpoint({ id: created.id })).secret).toBe(REDACTED);

    const stored = await endpointRow(created.id);
    expect(await decryptSecret(server.deps.config, stored.secret)).toBe(reset.secret);
    expect(await decryptSecret(server.deps.config, stored.previous_secret ?? "")).toBe(created.secret);
    const overlapEnds = new Date(stored.previous_secret_expires_at ?? 0).getTime();
    expect(overlapEnds).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);
    expect(overlapEnds).toBeLessThanOrEqual(Date.now() + 86_400_000);
  });

  it("deletes an endpoint: it is gone from the API and its waiting events will never be sent", async () => {
    const acme = await merchant();
    const id = await endpoint(acme, ["product.created"]);
    const waiting = await emitted(acme, id, "product.created");

    await acme.sdk.webhooks.deleteWebhookEndpoint({ id });
    await expect(acme.sdk.webhooks.getWebhookEndpoint({ id })).rejects.toMatchObject({ statusCode: 404 });
    expect((await acme.sdk.webhooks.listWebhookEndpoints({})).result.items).toEqual([]);
    expect((await acme.api.delete(`/v1/webhooks/endpoints/${id}`)).status).toBe(404);
    expect(await eventRow(waiting)).toMatchObject({ status: "skipped", next_attempt_at: null });
    // Later changes no longer produce events for it.
    await server.deps.db
      .transaction()
      .execute((trx) => emitWebhookEvent(trx, server.deps, { organizationId: acme.organizationId, type: "product.created", data: {} }));
    const rows = await server.deps.db.selectFrom("webhook_event").select("id").where("endpoint_id", "=", id).execute();
    expect(rows.map((row) => row.id)).toEqual([waiting]);
  });

  it("enabling an endpoint clears why it was turned off and sends what waited at once", async () => {
    const acme = await merchant();
    const id = await endpoint(acme, ["product.created"]);
    const waiting = await emitted(acme, id, "product.created");
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await server.deps.db.updateTable("webhook_event").set({ next_attempt_at: later, attempts: 3 }).where("id", "=", waiting).execute();
    await server.deps.db
      .updateTable("webhook_endpoint")
      .set({ enabled: false, disabled_reason: "failing", consecutive_failures: 10 })
      .where("id", "=", id)
      .execute();
    expect((await acme.api.get(`/v1/webhooks/endpoints/${id}`)).body).toMatchObject({ enabled: false, disabled_reason: "failing" });

    const before = Date.now();
    const enabled = await acme.sdk.webhooks.updateWebhookEndpoint({ id, webhookEndpointUpdate: { enabled: true } });
    expect(enabled.enabled).toBe(true);
    expect((await acme.api.get(`/v1/webhooks/endpoints/${id}`)).body.disabled_reason).toBeNull();
    expect(await endpointRow(id)).toMatchObject({ disabled_reason: null, consecutive_failures: 0 });
    const resumed = await eventRow(waiting);
    expect(resumed.status).toBe("pending");
    expect(new Date(resumed.next_attempt_at ?? later).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(resumed.next_attempt_at ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe("webhook endpoints through SDK 1.x", () => {
  it("creates, reads, updates, resets, lists and deletes", async () => {
    const acme = await merchant();
    const webhooks = acme.sdk1.webhooks;
    const created = (await webhooks.createWebhookEndpoint({ url: URL_A, format: "raw", events: ["benefit.created"] } as never)) as Json;
    expect(created).toMatchObject({ url: URL_A, format: "raw", events: ["benefit.created"], enabled: true, name: null });
    expect(created.secret).toMatch(/^whsec_/);
    expect(await webhooks.getWebhookEndpoint(created.id)).toEqual({ ...created, secret: REDACTED });
    const updated = (await webhooks.updateWebhookEndpoint(created.id, { name: "CRM", events: ["customer.updated"] } as never)) as Json;
    expect(updated).toMatchObject({ name: "CRM", events: ["customer.updated"], secret: REDACTED });
    const reset = (await webhooks.resetWebhookEndpointSecret(created.id)) as Json;
    expect(reset.secret).toMatch(/^whsec_/);
    expect(reset.secret).not.toBe(created.secret);
    const listed = (await webhooks.listWebhookEndpoints({ limit: 5 })) as Json;
    expect(listed.items.map((item: Json) => [item.id, item.secret])).toEqual([[created.id, REDACTED]]);
    expect((await webhooks.listWebhookDeliveries({ endpoint_id: created.id })) as Json).toEqual({
      items: [],
      pagination: { total_count: 0, max_page: 0 },
    });
    await webhooks.deleteWebhookEndpoint(created.id);
    await expect(webhooks.getWebhookEndpoint(created.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("webhook endpoint validation", () => {
  it("answers 422 in Polar's shape for a malformed URL, an unknown event type or format", async () => {
    const acme = await merchant();
    for (const [body, field] of [
      [{ url: "not a url", format: "raw", events: [] }, "url"],
      [{ url: "ftp://files.example.com/x", format: "raw", events: [] }, "url"],
      [{ url: URL_A, format: "raw", events: ["order.teleported"] }, "events"],
      [{ url: URL_A, format: "xml", events: [] }, "format"],
    ] as const) {
      const answer = await acme.api.post("/v1/webhooks/endpoints", body);
      expect(answer.status).toBe(422);
      expect(answer.body.detail[0].loc.slice(0, 2)).toEqual(["body", field]);
    }
    expect((await acme.api.get("/v1/webhooks/endpoints")).body.items).toEqual([]);
  });

  it("refuses plain http, localhost and private addresses when private networks are not allowed", async () => {
    const acme = await strict.merchant();
    for (const url of [
      "http://hooks.example.com/in",
      "https://localhost/in",
      "https://api.localhost:8443/in",
      "https://127.0.0.1/in",
      "https://10.1.2.3/in",
      "https://192.168.0.10/in",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/in",
      "https://[fd00::1]/in",
      "https://[::ffff:10.0.0.1]/in",
    ]) {
      const answer = await acme.api.post("/v1/webhooks/endpoints", { url, format: "raw", events: ["product.created"] });
      expect({ url, status: answer.status }).toEqual({ url, status: 422 });
      expect(answer.body.detail[0].loc).toEqual(["body", "url"]);
    }
    const ok = await acme.sdk.webhooks.createWebhookEndpoint({ url: "https://hooks.example.com/in", format: "raw", events: [] });
    expect(ok.url).toBe("https://hooks.example.com/in");
    const moved = await acme.api.patch(`/v1/webhooks/endpoints/${ok.id}`, { url: "https://127.0.0.1/in" });
    expect(moved.status).toBe(422);
    expect((await endpointRow(ok.id, strict.server)).url).toBe("https://hooks.example.com/in");
  });
});

describe("webhook scopes and tenants", () => {
  it("lets webhooks:read read and nothing else; other tokens get 403", async () => {
    const acme = await merchant();
    const id = await endpoint(acme, ["product.created"]);
    const eventId = await emitted(acme, id, "product.created");
    const read = apiClient(server.url, await acme.tokenWithScopes(["webhooks:read"]));
    expect((await read.get("/v1/webhooks/endpoints")).status).toBe(200);
    expect((await read.get(`/v1/webhooks/endpoints/${id}`)).body.secret).toBe(REDACTED);
    expect((await read.get("/v1/webhooks/deliveries")).status).toBe(200);
    for (const answer of [
      await read.post("/v1/webhooks/endpoints", { url: URL_A, format: "raw", events: [] }),
      await read.patch(`/v1/webhooks/endpoints/${id}`, { name: "x" }),
      await read.patch(`/v1/webhooks/endpoints/${id}/secret`),
      await read.delete(`/v1/webhooks/endpoints/${id}`),
      await read.post(`/v1/webhooks/events/${eventId}/redeliver`),
      await read.post(`/v1/webhooks/endpoints/${id}/test`),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe("insufficient_scope");
    }
    const other = apiClient(server.url, await acme.tokenWithScopes(["products:read", "products:write"]));
    expect((await other.get("/v1/webhooks/endpoints")).status).toBe(403);
    expect((await other.get("/v1/webhooks/deliveries")).status).toBe(403);
    expect((await endpointRow(id)).name).toBeNull();
  });

  it("answers 404 for another organization's endpoint and event, and lists none of its deliveries", async () => {
    const acme = await merchant("Acme");
    const globex = await merchant("Globex");
    const theirs = await endpoint(globex, ["product.created"]);
    const theirEvent = await emitted(globex, theirs, "product.created");
    await attempt(globex, theirEvent, { at: new Date().toISOString(), httpCode: 500, status: "failed" });

    await expect(acme.sdk.webhooks.getWebhookEndpoint({ id: theirs })).rejects.toMatchObject({ statusCode: 404 });
    for (const answer of [
      await acme.api.patch(`/v1/webhooks/endpoints/${theirs}`, { enabled: false }),
      await acme.api.patch(`/v1/webhooks/endpoints/${theirs}/secret`),
      await acme.api.delete(`/v1/webhooks/endpoints/${theirs}`),
      await acme.api.post(`/v1/webhooks/endpoints/${theirs}/test`),
      await acme.api.post(`/v1/webhooks/events/${theirEvent}/redeliver`),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe("ResourceNotFound");
    }
    expect((await acme.api.get("/v1/webhooks/endpoints")).body.items).toEqual([]);
    expect((await acme.api.get(`/v1/webhooks/deliveries?endpoint_id=${theirs}`)).body.items).toEqual([]);
    expect((await acme.api.get("/v1/webhooks/deliveries")).body.items).toEqual([]);
    const untouched = await endpointRow(theirs);
    expect({ enabled: Boolean(untouched.enabled), deleted_at: untouched.deleted_at }).toEqual({ enabled: true, deleted_at: null });
    expect((await eventRow(theirEvent)).status).toBe("failed");
  });
});

describe("GET /v1/webhooks/deliveries", () => {
  it("lists attempts newest first, each with its event, through SDK 0.47", async () => {
    const acme = await merchant();
    const first = await endpoint(acme, ["product.created", "customer.created"], URL_A);
    const second = await endpoint(acme, ["product.created"], URL_B);
    const product = await emitted(acme, first, "product.created", { id: "p1", name: "Widget" });
    const customer = await emitted(acme, first, "customer.created", { id: "c1", email: "ann@example.com" });
    const onSecond = await emitted(acme, second, "product.created", { id: "p2" });
    const t = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes)).toISOString();
    const failed = await attempt(acme, product, { at: t(0), httpCode: 503, response: "upstream busy", status: "pending" });
    const succeeded = await attempt(acme, product, { at: t(10), httpCode: 200, response: "ok", status: "succeeded" });
    const unreachable = await attempt(acme, customer, { at: t(20), httpCode: null, response: "ECONNREFUSED", status: "pending" });
    const gone = await attempt(acme, onSecond, { at: t(30), httpCode: 410, response: "Gone", status: "failed" });

    const page = await acme.sdk.webhooks.listWebhookDeliveries({});
    expect(page.result.items.map((d) => d.id)).toEqual([gone, unreachable, succeeded, failed]);
    expect(page.result.pagination).toEqual({ totalCount: 4, maxPage: 1 });
    const [goneItem, unreachableItem, succeededItem] = page.result.items;
    expect(goneItem).toMatchObject({ succeeded: false, httpCode: 410, response: "Gone", createdAt: new Date(t(30)) });
    expect(goneItem?.webhookEvent).toMatchObject({ id: onSecond, type: "product.created", succeeded: false, lastHttpCode: 410 });
    expect(unreachableItem).toMatchObject({ succeeded: false, httpCode: null, response: "ECONNREFUSED" });
    // Still retrying: its only attempt failed.
    expect(unreachableItem?.webhookEvent).toMatchObject({ id: customer, succeeded: false, skipped: false, isArchived: false });
    expect(JSON.parse(unreachableItem?.webhookEvent.payload ?? "{}")).toMatchObject({
      type: "customer.created",
      data: { id: "c1", email: "ann@example.com" },
    });
    expect(succeededItem?.webhookEvent).toMatchObject({ id: product, succeeded: true, lastHttpCode: 200 });

    const ids = async (query: Record<string, unknown>) =>
      (await acme.sdk.webhooks.listWebhookDeliveries(query)).result.items.map((d) => d.id);
    expect(await ids({ endpointId: second })).toEqual([gone]);
    expect(await ids({ endpointId: [first, second], succeeded: true })).toEqual([succeeded]);
    expect(await ids({ succeeded: false })).toEqual([gone, unreachable, failed]);
    expect(await ids({ httpCodeClass: "5xx" })).toEqual([failed]);
    expect(await ids({ httpCodeClass: "4xx" })).toEqual([gone]);
    expect(await ids({ httpCodeClass: "2xx" })).toEqual([succeeded]);
    expect(await ids({ eventType: "customer.created" })).toEqual([unreachable]);
    expect(await ids({ eventType: ["customer.created", "product.created"], limit: 2, page: 2 })).toEqual([succeeded, failed]);
    expect(await ids({ startTimestamp: new Date(t(10)), endTimestamp: new Date(t(20)) })).toEqual([unreachable, succeeded]);
    expect(await ids({ query: "ANN@example" })).toEqual([unreachable]);
    expect(await ids({ query: "busy" })).toEqual([failed]);
    expect(await ids({ query: onSecond })).toEqual([gone]);
    // A timestamp without an offset is UTC.
    expect((await acme.api.get("/v1/webhooks/deliveries?start_timestamp=2026-11-01T12:25:00")).body.items.map((d: Json) => d.id)).toEqual([
      gone,
    ]);
    expect((await acme.api.get("/v1/webhooks/deliveries?http_code_class=6xx")).status).toBe(422);
  });

  it("shows a purged event as archived, without payload", async () => {
    const acme = await merchant();
    const id = await endpoint(acme, ["product.created"]);
    const event = await emitted(acme, id, "product.created");
    await attempt(acme, event, { at: new Date().toISOString(), httpCode: 200, status: "succeeded" });
    await server.deps.db.updateTable("webhook_event").set({ payload: null }).where("id", "=", event).execute();
    const [item] = (await acme.sdk.webhooks.listWebhookDeliveries({})).result.items;
    expect(item?.webhookEvent).toMatchObject({ id: event, payload: null, isArchived: true, succeeded: true });
  });
});

describe("POST /v1/webhooks/events/{id}/redeliver", () => {
  it("puts a failed event back in line with the same id and a fresh set of retries", async () => {
    const acme = await merchant();
    const id = await endpoint(acme, ["product.created"]);
    const event = await emitted(acme, id, "product.created");
    await attempt(acme, event, { at: new Date().toISOString(), httpCode: 500, status: "failed" });
    const before = Date.now();

    await acme.sdk.webhooks.redeliverWebhookEvent({ id: event });
    const row = await eventRow(event);
    expect(row).toMatchObject({ id: event, status: "pending", attempts: 0 });
    expect(new Date(row.next_attempt_at ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(row.next_attempt_at ?? 0).getTime()).toBeLessThanOrEqual(Date.now());
    // The log keeps the failed attempt; the event is no longer failed but has not succeeded either.
    const [item] = (await acme.sdk.webhooks.listWebhookDeliveries({})).result.items;
    expect(item?.webhookEvent).toMatchObject({ id: event, succeeded: false, skipped: false });

    const raw = await acme.api.post(`/v1/webhooks/events/${event}/redeliver`);
    expect(raw.status).toBe(202);
    expect((await acme.sdk1.webhooks.redeliverWebhookEvent(event)) ?? null).toBeNull();
  });

  it("redelivers a skipped event, and refuses purged events, deleted endpoints and unknown ids", async () => {
    const acme = await merchant();
    const id = await endpoint(acme, ["product.created"]);
    const purged = await emitted(acme, id, "product.created");
    await server.deps.db.updateTable("webhook_event").set({ payload: null, status: "succeeded" }).where("id", "=", purged).execute();
    const archived = await acme.api.post(`/v1/webhooks/events/${purged}/redeliver`);
    expect(archived.status).toBe(422);
    expect(archived.body.detail[0].msg).toMatch(/archived/);
    expect((await eventRow(purged)).status).toBe("succeeded");

    await acme.api.patch(`/v1/webhooks/endpoints/${id}`, { enabled: false });
    const skipped = await emitted(acme, id, "product.created");
    expect((await eventRow(skipped)).status).toBe("skipped");
    expect((await acme.api.post(`/v1/webhooks/events/${skipped}/redeliver`)).status).toBe(202);
    expect((await eventRow(skipped)).status).toBe("pending");

    await acme.api.delete(`/v1/webhooks/endpoints/${id}`);
    expect((await acme.api.post(`/v1/webhooks/events/${skipped}/redeliver`)).status).toBe(422);
    expect((await eventRow(skipped)).status).toBe("skipped");
    await expect(acme.sdk.webhooks.redeliverWebhookEvent({ id: randomUUID() })).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("POST /v1/webhooks/endpoints/{id}/test (Gatehouse extension)", () => {
  it("queues an organization.updated event to that endpoint only, parseable by SDK 0.47", async () => {
    const acme = await merchant();
    const target = await endpoint(acme, ["product.created"], URL_A);
    const bystander = await endpoint(acme, ["organization.updated"], URL_B);

    const answer = await acme.api.post(`/v1/webhooks/endpoints/${target}/test`);
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ type: "organization.updated", succeeded: null, skipped: false, is_archived: false });
    const rows = await server.deps.db.selectFrom("webhook_event").selectAll().where("organization_id", "=", acme.organizationId).execute();
    expect(rows.map((row) => [row.id, row.endpoint_id, row.status])).toEqual([[answer.body.id, target, "pending"]]);
    expect(rows.some((row) => row.endpoint_id === bystander)).toBe(false);

    const envelope = JSON.parse(rows[0]?.payload ?? "{}");
    expect(answer.body.payload).toBe(rows[0]?.payload);
    const organization = await acme.api.get(`/v1/organizations/${acme.organizationId}`);
    expect(envelope.data).toEqual(organization.body);
    expect(WebhookOrganizationUpdatedPayload$inboundSchema.parse(envelope)).toMatchObject({
      type: "organization.updated",
      data: { id: acme.organizationId },
    });
  });

  it("refuses a disabled endpoint", async () => {
    const acme = await merchant();
    const id = await endpoint(acme, ["product.created"]);
    await acme.api.patch(`/v1/webhooks/endpoints/${id}`, { enabled: false });
    const answer = await acme.api.post(`/v1/webhooks/endpoints/${id}/test`);
    expect(answer.status).toBe(422);
    expect(await server.deps.db.selectFrom("webhook_event").select("id").where("endpoint_id", "=", id).execute()).toEqual([]);
  });
});
