import { WebhookBenefitCreatedPayload$inboundSchema } from "@polar-sh/sdk/models/components/webhookbenefitcreatedpayload.js";
import { WebhookBenefitUpdatedPayload$inboundSchema } from "@polar-sh/sdk/models/components/webhookbenefitupdatedpayload.js";
import { WebhookCustomerCreatedPayload$inboundSchema } from "@polar-sh/sdk/models/components/webhookcustomercreatedpayload.js";
import { WebhookCustomerDeletedPayload$inboundSchema } from "@polar-sh/sdk/models/components/webhookcustomerdeletedpayload.js";
import { WebhookCustomerStateChangedPayload$inboundSchema } from "@polar-sh/sdk/models/components/webhookcustomerstatechangedpayload.js";
import { WebhookCustomerUpdatedPayload$inboundSchema } from "@polar-sh/sdk/models/components/webhookcustomerupdatedpayload.js";
import { WebhookOrganizationUpdatedPayload$inboundSchema } from "@polar-sh/sdk/models/components/webhookorganizationupdatedpayload.js";
import { WebhookProductCreatedPayload$inboundSchema } from "@polar-sh/sdk/models/components/webhookproductcreatedpayload.js";
import { WebhookProductUpdatedPayload$inboundSchema } from "@polar-sh/sdk/models/components/webhookproductupdatedpayload.js";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { EMITTED_EVENT_TYPES, type WebhookEventType } from "../../src/billing/webhooks/webhooks.event-types.ts";
import type { Merchant } from "../support/billing.ts";
import { useBillingServer } from "../support/billing.ts";
import { uniqueEmail } from "../support/fixtures.ts";
import { uniqueSlug } from "../support/organizations.ts";
import { outboxOf, subscribeEndpoint } from "../support/webhooks.ts";

const { server, merchant } = useBillingServer();

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever the API answered.
type Json = any;
type Emitted = (typeof EMITTED_EVENT_TYPES)[number];

/** SDK 0.47's own parsers for each envelope: what `validateEvent` runs after checking the signature. */
const SDK_PAYLOADS: Record<Emitted, { parse(value: unknown): { type: string; data: { id?: string } } }> = {
  "product.created": WebhookProductCreatedPayload$inboundSchema,
  "product.updated": WebhookProductUpdatedPayload$inboundSchema,
  "benefit.created": WebhookBenefitCreatedPayload$inboundSchema,
  "benefit.updated": WebhookBenefitUpdatedPayload$inboundSchema,
  "customer.created": WebhookCustomerCreatedPayload$inboundSchema,
  "customer.updated": WebhookCustomerUpdatedPayload$inboundSchema,
  "customer.deleted": WebhookCustomerDeletedPayload$inboundSchema,
  "customer.state_changed": WebhookCustomerStateChangedPayload$inboundSchema,
  "organization.updated": WebhookOrganizationUpdatedPayload$inboundSchema,
};

/**
 * Four endpoints around the types a change should emit: one subscribed to exactly those, one to
 * everything we emit, one to every other type (it must get nothing), and one subscribed to those
 * types but turned off (its rows are recorded as skipped).
 */
async function endpointsFor(m: Merchant, types: readonly Emitted[]) {
  const others: WebhookEventType[] = [...EMITTED_EVENT_TYPES.filter((type) => !types.includes(type)), "order.paid"];
  return {
    exact: await subscribeEndpoint(m, types),
    everything: await subscribeEndpoint(m, EMITTED_EVENT_TYPES),
    others: await subscribeEndpoint(m, others),
    off: await subscribeEndpoint(m, types, { enabled: false }),
  };
}
type Endpoints = Awaited<ReturnType<typeof endpointsFor>>;

/**
 * Asserts the outbox holds exactly these events, in this order, each once per subscribed endpoint
 * with one shared envelope whose data is what the API answered, and which SDK 0.47 parses.
 */
async function expectOutbox(m: Merchant, endpoints: Endpoints, expected: { type: Emitted; data: Json }[]) {
  const rows = await outboxOf(server, m.organizationId);
  expect(rows.map((row) => row.type)).toEqual(expected.flatMap(({ type }) => [type, type, type]));
  expected.forEach(({ type, data }, index) => {
    const group = rows.slice(index * 3, index * 3 + 3);
    expect(Object.fromEntries(group.map((row) => [row.endpointId, row.status]))).toEqual({
      [endpoints.exact]: "pending",
      [endpoints.everything]: "pending",
      [endpoints.off]: "skipped",
    });
    for (const row of group) {
      expect(row.envelope).toEqual(group[0]?.envelope);
      expect(Object.keys(row.envelope).sort()).toEqual(["data", "timestamp", "type"]);
      expect(row.envelope.type).toBe(type);
      expect(new Date(row.envelope.timestamp).toISOString()).toBe(row.envelope.timestamp);
      expect(row.envelope.data).toEqual(data);
    }
    const parsed = SDK_PAYLOADS[type].parse(group[0]?.envelope);
    expect(parsed.type).toBe(type);
    expect(parsed.data.id).toBe(data.id);
  });
  expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
}

async function ok(answer: Promise<{ status: number; body: Json }>, status = 200): Promise<Json> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`expected ${status}, got ${got}: ${JSON.stringify(body)}`);
  return body;
}

const fixed = (amount: number) => ({ amount_type: "fixed", price_amount: amount, price_currency: "usd" });
const newProduct = (m: Merchant) =>
  ok(m.api.post("/v1/products/", { name: "Pro", recurring_interval: "month", prices: [fixed(1500)] }), 201);
const newBenefit = (m: Merchant, description = "Sticker pack") =>
  ok(m.api.post("/v1/benefits/", { type: "custom", description, properties: { note: "Ships in a week" } }), 201);
const newCustomer = (m: Merchant, body: Record<string, unknown> = {}) =>
  ok(m.api.post("/v1/customers/", { email: uniqueEmail("c"), name: "Jane", ...body }), 201);

describe("product events", () => {
  it("creating a product records product.created with the product the API answered", async () => {
    const acme = await merchant();
    const endpoints = await endpointsFor(acme, ["product.created"]);
    const product = await newProduct(acme);
    await expectOutbox(acme, endpoints, [{ type: "product.created", data: product }]);
  });

  /** Each change: what it needs made first (before any endpoint exists), then the change itself. */
  const updates: {
    what: string;
    prepare?: (m: Merchant) => Promise<Json>;
    change: (m: Merchant, id: string, made: Json) => Promise<Json>;
  }[] = [
    { what: "its fields", change: (m, id) => ok(m.api.patch(`/v1/products/${id}`, { name: "Pro+", metadata: { tier: "pro" } })) },
    { what: "its prices", change: (m, id) => ok(m.api.patch(`/v1/products/${id}`, { prices: [fixed(2500)] })) },
    { what: "its archived flag", change: (m, id) => ok(m.api.patch(`/v1/products/${id}`, { is_archived: true })) },
    {
      what: "its custom fields",
      prepare: (m) => ok(m.api.post("/v1/custom-fields/", { type: "text", slug: "company", name: "Company", properties: {} }), 201),
      change: (m, id, field) =>
        ok(m.api.patch(`/v1/products/${id}`, { attached_custom_fields: [{ custom_field_id: field.id, required: true }] })),
    },
    {
      what: "its benefits",
      prepare: (m) => newBenefit(m),
      change: (m, id, benefit) => ok(m.api.post(`/v1/products/${id}/benefits`, { benefits: [benefit.id] })),
    },
  ];
  for (const { what, prepare, change } of updates) {
    it(`changing ${what} records one product.updated with the product the API answered`, async () => {
      const acme = await merchant();
      const product = await newProduct(acme);
      const made = await prepare?.(acme);
      const endpoints = await endpointsFor(acme, ["product.updated"]);
      const updated = await change(acme, product.id, made);
      await expectOutbox(acme, endpoints, [{ type: "product.updated", data: updated }]);
      expect(updated).toEqual(await ok(acme.api.get(`/v1/products/${product.id}`)));
    });
  }

  it("an update refused with 422 records nothing", async () => {
    const acme = await merchant();
    const product = await newProduct(acme);
    await subscribeEndpoint(acme, EMITTED_EVENT_TYPES);
    const refused = await acme.api.patch(`/v1/products/${product.id}`, { name: "Yearly", recurring_interval: "year" });
    expect(refused.status).toBe(422);
    const missingBenefit = await acme.api.post(`/v1/products/${product.id}/benefits`, { benefits: [crypto.randomUUID()] });
    expect(missingBenefit.status).toBe(422);
    expect(await outboxOf(server, acme.organizationId)).toEqual([]);
  });
});

describe("benefit events", () => {
  it("creating, updating and deleting a benefit record benefit.created and benefit.updated (deleted: is_deleted)", async () => {
    const acme = await merchant();
    const endpoints = await endpointsFor(acme, ["benefit.created", "benefit.updated"]);
    const created = await newBenefit(acme);
    const updated = await ok(acme.api.patch(`/v1/benefits/${created.id}`, { type: "custom", description: "Two sticker packs" }));
    expect((await acme.api.delete(`/v1/benefits/${created.id}`)).status).toBe(204);

    const rows = await outboxOf(server, acme.organizationId);
    const deleted = rows.at(-1)?.envelope.data;
    expect(deleted).toEqual({ ...updated, is_deleted: true, modified_at: deleted.modified_at });
    expect(Date.parse(deleted.modified_at)).toBeGreaterThanOrEqual(Date.parse(updated.modified_at));
    await expectOutbox(acme, endpoints, [
      { type: "benefit.created", data: created },
      { type: "benefit.updated", data: updated },
      { type: "benefit.updated", data: deleted },
    ]);
  });

  it("an update refused with 422 records nothing", async () => {
    const acme = await merchant();
    const benefit = await newBenefit(acme);
    await subscribeEndpoint(acme, EMITTED_EVENT_TYPES);
    const refused = await acme.api.patch(`/v1/benefits/${benefit.id}`, { type: "license_keys", description: "Keys" });
    expect(refused.status).toBe(422);
    expect(await outboxOf(server, acme.organizationId)).toEqual([]);
  });
});

describe("customer events", () => {
  it("creating a customer records customer.created, then customer.state_changed with the state the API answers", async () => {
    const acme = await merchant();
    const endpoints = await endpointsFor(acme, ["customer.created", "customer.state_changed"]);
    const customer = await newCustomer(acme, { external_id: "user_1", metadata: { plan: "pro" } });
    const state = await ok(acme.api.get(`/v1/customers/${customer.id}/state`));
    await expectOutbox(acme, endpoints, [
      { type: "customer.created", data: customer },
      { type: "customer.state_changed", data: state },
    ]);
  });

  it("updating a customer records customer.updated and customer.state_changed", async () => {
    const acme = await merchant();
    const customer = await newCustomer(acme);
    const endpoints = await endpointsFor(acme, ["customer.updated", "customer.state_changed"]);
    const updated = await ok(acme.api.patch(`/v1/customers/${customer.id}`, { name: "Jane Doe", metadata: { plan: "team" } }));
    await expectOutbox(acme, endpoints, [
      { type: "customer.updated", data: updated },
      { type: "customer.state_changed", data: await ok(acme.api.get(`/v1/customers/${customer.id}/state`)) },
    ]);
  });

  it("deleting a customer records customer.deleted with deleted_at, and customer.state_changed", async () => {
    const acme = await merchant();
    const customer = await newCustomer(acme, { external_id: "user_2" });
    const endpoints = await endpointsFor(acme, ["customer.deleted", "customer.state_changed"]);
    expect((await acme.api.delete(`/v1/customers/external/user_2`)).status).toBe(204);
    const [event] = await outboxOf(server, acme.organizationId);
    const deleted = event?.envelope.data;
    expect(deleted).toEqual({ ...customer, deleted_at: deleted.deleted_at, modified_at: deleted.modified_at });
    expect(deleted.deleted_at).toBe(deleted.modified_at);
    expect(Number.isNaN(Date.parse(deleted.deleted_at))).toBe(false);
    await expectOutbox(acme, endpoints, [
      { type: "customer.deleted", data: deleted },
      { type: "customer.state_changed", data: { ...deleted, active_subscriptions: [], granted_benefits: [], active_meters: [] } },
    ]);
  });

  it("a create or update refused with 422 (email taken) records nothing", async () => {
    const acme = await merchant();
    const first = await newCustomer(acme);
    const second = await newCustomer(acme);
    await subscribeEndpoint(acme, EMITTED_EVENT_TYPES);
    expect((await acme.api.post("/v1/customers/", { email: first.email })).status).toBe(422);
    expect((await acme.api.patch(`/v1/customers/${second.id}`, { email: first.email })).status).toBe(422);
    expect(await outboxOf(server, acme.organizationId)).toEqual([]);
  });
});

describe("organization events", () => {
  it("PATCH /v1/organizations/{id} records organization.updated with the organization the API answered", async () => {
    const acme = await merchant();
    const endpoints = await endpointsFor(acme, ["organization.updated"]);
    const updated = await ok(
      acme.api.patch(`/v1/organizations/${acme.organizationId}`, { name: "Acme Rockets", website: "https://acme.test" }),
    );
    await expectOutbox(acme, endpoints, [{ type: "organization.updated", data: updated }]);
  });

  it("an update through better-auth (/api/auth/organization/update) records organization.updated too", async () => {
    const acme = await merchant();
    const endpoints = await endpointsFor(acme, ["organization.updated"]);
    const slug = uniqueSlug("renamed");
    const answer = await acme.owner.client.post("/api/auth/organization/update", {
      organizationId: acme.organizationId,
      data: { name: "Acme Renamed", slug, logo: "https://cdn.example.com/acme.png", metadata: { plan: "pro" } },
    });
    expect(answer.status).toBe(200);
    const organization = await ok(acme.api.get(`/v1/organizations/${acme.organizationId}`));
    expect(organization).toMatchObject({
      name: "Acme Renamed",
      slug,
      avatar_url: "https://cdn.example.com/acme.png",
      metadata: { plan: "pro" },
    });
    await expectOutbox(acme, endpoints, [{ type: "organization.updated", data: organization }]);
  });

  it("a better-auth update refused (slug taken) records nothing", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    await subscribeEndpoint(acme, EMITTED_EVENT_TYPES);
    const answer = await acme.owner.client.post("/api/auth/organization/update", {
      organizationId: acme.organizationId,
      data: { slug: globex.organization.slug },
    });
    expect(answer.status).toBe(400);
    expect(await outboxOf(server, acme.organizationId)).toEqual([]);
  });

  it("a settings update refused with 422 records nothing", async () => {
    const acme = await merchant();
    await subscribeEndpoint(acme, EMITTED_EVENT_TYPES);
    const refused = await acme.api.patch(`/v1/organizations/${acme.organizationId}`, { default_presentment_currency: "xyz" });
    expect(refused.status).toBe(422);
    expect(await outboxOf(server, acme.organizationId)).toEqual([]);
  });
});

describe("the event commits or rolls back with its change", () => {
  it("a failure after the event was written, in the same transaction, leaves neither the change nor the event", async () => {
    const acme = await merchant();
    await subscribeEndpoint(acme, EMITTED_EVENT_TYPES);
    // customer.created is written first; then writing customer.state_changed fails inside the same transaction.
    await failInsertsOf("customer.state_changed", acme.organizationId);
    try {
      const email = uniqueEmail("rollback");
      const answer = await acme.api.post("/v1/customers/", { email });
      expect(answer.status).toBe(500);
      expect((await ok(acme.api.get(`/v1/customers/?email=${encodeURIComponent(email)}`))).items).toEqual([]);
      expect(await outboxOf(server, acme.organizationId)).toEqual([]);
    } finally {
      await stopFailingInserts();
    }
    // The same request succeeds once the fault is gone, and then both events are there.
    await newCustomer(acme);
    expect((await outboxOf(server, acme.organizationId)).map((row) => row.type)).toEqual(["customer.created", "customer.state_changed"]);
  });

  it("better-auth's organization update is undone when its event cannot be written", async () => {
    const acme = await merchant();
    await subscribeEndpoint(acme, EMITTED_EVENT_TYPES);
    await failInsertsOf("organization.updated", acme.organizationId);
    try {
      const answer = await acme.owner.client.post("/api/auth/organization/update", {
        organizationId: acme.organizationId,
        data: { name: "Never Renamed" },
      });
      expect(answer.status).toBeGreaterThanOrEqual(500);
    } finally {
      await stopFailingInserts();
    }
    expect((await ok(acme.api.get(`/v1/organizations/${acme.organizationId}`))).name).toBe(acme.organization.name);
    expect(await outboxOf(server, acme.organizationId)).toEqual([]);
  });
});

/** A trigger that makes inserting one event type of one organization fail, as a crash mid-transaction would. */
async function failInsertsOf(type: string, organizationId: string) {
  const db = server.deps.db;
  if (server.deps.dialect === "postgres") {
    await sql
      .raw(
        `create or replace function fail_webhook_event() returns trigger as $$
         begin raise exception 'forced failure'; end $$ language plpgsql`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger fail_webhook_event before insert on webhook_event for each row
         when (new.type = '${type}' and new.organization_id = '${organizationId}') execute function fail_webhook_event()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger fail_webhook_event before insert on webhook_event
         when new.type = '${type}' and new.organization_id = '${organizationId}'
         begin select raise(abort, 'forced failure'); end`,
      )
      .execute(db);
  }
}

async function stopFailingInserts() {
  await sql
    .raw("drop trigger if exists fail_webhook_event on webhook_event")
    .execute(server.deps.db)
    .catch(() => undefined);
  await sql
    .raw("drop trigger if exists fail_webhook_event")
    .execute(server.deps.db)
    .catch(() => undefined);
}
