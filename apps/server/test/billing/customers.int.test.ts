import { describe, expect, it } from "vitest";
import { apiClient, type Merchant, useBillingServer } from "../support/billing.ts";
import { uniqueEmail } from "../support/fixtures.ts";

const { server, merchant } = useBillingServer();

/** How many customer rows (deleted ones included) the organization has in the database. */
async function storedCustomers(organizationId: string): Promise<number> {
  const row = await server.deps.db
    .selectFrom("customer")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("organization_id", "=", organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const newCustomer = (m: Merchant, body: Record<string, unknown> = {}) => m.api.post("/v1/customers/", { email: uniqueEmail("c"), ...body });

describe("POST /v1/customers/", () => {
  it("creates a customer through SDK 0.47 with every field the SDK validates", async () => {
    const acme = await merchant();
    const created = await acme.sdk.customers.create({
      email: "Jane.Doe@Example.com",
      name: "Jane Doe",
      externalId: "user-1",
      metadata: { plan: "pro", seats: 3, beta: true },
      billingAddress: { line1: "1 Rue de Rivoli", postalCode: "75001", city: "Paris", country: "FR" },
      taxId: "FR61954506077",
      locale: "fr",
    });
    expect(created).toMatchObject({
      email: "jane.doe@example.com",
      name: "Jane Doe",
      externalId: "user-1",
      metadata: { plan: "pro", seats: 3, beta: true },
      billingAddress: { line1: "1 Rue de Rivoli", line2: null, postalCode: "75001", city: "Paris", state: null, country: "FR" },
      taxId: ["FR61954506077", "eu_vat"],
      organizationId: acme.organizationId,
      type: "individual",
      emailVerified: false,
      deletedAt: null,
      modifiedAt: null,
    });
    expect(created.createdAt).toBeInstanceOf(Date);
    expect(created.avatarUrl).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}\?d=404$/);
    const raw = await acme.api.get(`/v1/customers/${created.id}`);
    expect(raw.body).toMatchObject({ billing_name: null, default_payment_method_id: null, first_user_event_at: null, locale: "fr" });
  });

  it("creates a customer through SDK 1.x", async () => {
    const acme = await merchant();
    const created = await acme.sdk1.customers.create({ email: "one@example.com", name: "One" } as never);
    expect(created).toMatchObject({
      email: "one@example.com",
      name: "One",
      type: "individual",
      external_id: null,
      tax_id: null,
      billing_address: null,
    });
    expect(await acme.sdk1.customers.get(created.id)).toMatchObject({ id: created.id, email: "one@example.com" });
  });

  it("creates a team customer without an email", async () => {
    const acme = await merchant();
    const team = await acme.sdk.customers.create({ type: "team", name: "Team Rocket" });
    expect(team).toMatchObject({ type: "team", name: "Team Rocket", email: null });
    expect(team.avatarUrl).toContain("gravatar.com");
  });

  it("returns 422 when the email is already used in the organization, ignoring case, and creates nothing", async () => {
    const acme = await merchant();
    await newCustomer(acme, { email: "dup@example.com" });
    const before = await storedCustomers(acme.organizationId);
    const again = await newCustomer(acme, { email: "DUP@example.com" });
    expect(again.status).toBe(422);
    expect(again.body.detail[0]).toMatchObject({ loc: ["body", "email"], type: "value_error" });
    expect(await storedCustomers(acme.organizationId)).toBe(before);
    // Another organization may have a customer with the same email.
    const globex = await merchant("Globex");
    expect((await newCustomer(globex, { email: "dup@example.com" })).status).toBe(201);
  });

  it("returns 422 for a duplicate external id, a bad email, a missing email, a bad country or an unsupported tax id", async () => {
    const acme = await merchant();
    await newCustomer(acme, { external_id: "ext-1" });
    const before = await storedCustomers(acme.organizationId);
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ email: uniqueEmail("x"), external_id: "ext-1" }, ["body", "external_id"]],
      [{ email: "not-an-email" }, ["body", "email"]],
      [{ email: null }, ["body", "email"]],
      [{ email: uniqueEmail("x"), billing_address: { country: "XX" } }, ["body", "billing_address", "country"]],
      [{ email: uniqueEmail("x"), tax_id: "123" }, ["body", "tax_id"]],
      [{ email: uniqueEmail("x"), tax_id: "123", billing_address: { country: "AQ" } }, ["body", "tax_id"]],
      [{ email: uniqueEmail("x"), metadata: { ["k".repeat(41)]: "v" } }, ["body", "metadata", "k".repeat(41)]],
      [{ email: uniqueEmail("x"), type: "company" }, ["body", "type"]],
    ];
    for (const [body, loc] of cases) {
      const answer = await acme.api.post("/v1/customers/", body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.detail[0].loc, JSON.stringify(answer.body)).toEqual(loc);
    }
    expect(await storedCustomers(acme.organizationId)).toBe(before);
  });

  it("returns 403 for a token without customers:write", async () => {
    const acme = await merchant();
    const reader = apiClient(server.url, await acme.tokenWithScopes(["customers:read"]));
    const answer = await reader.post("/v1/customers/", { email: uniqueEmail("x") });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe("insufficient_scope");
    expect(await storedCustomers(acme.organizationId)).toBe(0);
  });
});

describe("GET /v1/customers/", () => {
  it("lists customers with pagination and sorting through SDK 0.47 and 1.x", async () => {
    const acme = await merchant();
    for (const name of ["Carol", "alice", "Bob"])
      await newCustomer(acme, { name, email: `${name.toLowerCase()}-${acme.organizationId.slice(0, 6)}@example.com` });
    const page = await acme.sdk.customers.list({ limit: 2, sorting: ["email"] });
    expect(page.result.pagination).toEqual({ totalCount: 3, maxPage: 2 });
    expect(page.result.items.map((c) => c.name)).toEqual(["alice", "Bob"]);
    const byNameDesc = await acme.sdk1.customers.list({ sorting: ["-name"] });
    expect(byNameDesc.items.map((c) => c.name)).toEqual(["Carol", "Bob", "alice"]);
    const second = await acme.sdk1.customers.list({ page: 2, limit: 2, sorting: ["email"] });
    expect(second.items.map((c) => c.name)).toEqual(["Carol"]);
    const newest = await acme.api.get("/v1/customers/");
    expect(newest.body.items.map((c: { name: string }) => c.name)).toEqual(["Bob", "alice", "Carol"]);
  });

  it("filters by exact email, by a query on name, email or external id, and by metadata", async () => {
    const acme = await merchant();
    const jane = (await newCustomer(acme, { email: "jane@example.com", name: "Jane Smith", metadata: { tier: "gold", vip: true } })).body;
    const john = (
      await newCustomer(acme, { email: "john@corp.example", name: "John", external_id: "crm_42", metadata: { tier: "silver" } })
    ).body;
    const byEmail = await acme.sdk.customers.list({ email: "JANE@example.com" });
    expect(byEmail.result.items.map((c) => c.id)).toEqual([jane.id]);
    const ids = async (query: string) => (await acme.api.get(`/v1/customers/?${query}`)).body.items.map((c: { id: string }) => c.id).sort();
    expect(await ids("query=smith")).toEqual([jane.id]);
    expect(await ids("query=CORP")).toEqual([john.id]);
    expect(await ids("query=crm_4")).toEqual([john.id]);
    expect(await ids("query=%25")).toEqual([]);
    expect(await ids("metadata[tier]=gold")).toEqual([jane.id]);
    expect(await ids("metadata[tier]=gold&metadata[tier]=silver")).toEqual([jane.id, john.id].sort());
    expect(await ids("metadata[vip]=true")).toEqual([jane.id]);
    const viaSdk = await acme.sdk.customers.list({ metadata: { tier: "silver" } });
    expect(viaSdk.result.items.map((c) => c.id)).toEqual([john.id]);
    expect(await ids(`organization_id=${acme.organizationId}&email=nobody@example.com`)).toEqual([]);
  });

  it("never shows another organization's customers, and answers 422 for an unknown sort key", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    await newCustomer(acme);
    expect((await globex.sdk.customers.list({})).result.items).toEqual([]);
    const bad = await acme.api.get("/v1/customers/?sorting=password");
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc[0]).toBe("query");
    const member = apiClient(server.url, await acme.tokenWithScopes(["products:read"]));
    expect((await member.get("/v1/customers/")).status).toBe(403);
    const reader = apiClient(server.url, await acme.tokenWithScopes(["customers:read"]));
    expect((await reader.get("/v1/customers/")).status).toBe(200);
  });
});

describe("GET /v1/customers/{id} and /v1/customers/external/{external_id}", () => {
  it("gets a customer by id and by external id through both SDKs", async () => {
    const acme = await merchant();
    const created = (await newCustomer(acme, { external_id: "u-7", name: "Seven" })).body;
    expect((await acme.sdk.customers.get({ id: created.id })).name).toBe("Seven");
    expect((await acme.sdk.customers.getExternal({ externalId: "u-7" })).id).toBe(created.id);
    expect((await acme.sdk1.customers.getExternal("u-7")).id).toBe(created.id);
  });

  it("answers 404 for another organization's customer and for an unknown one", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const created = (await newCustomer(acme, { external_id: "secret" })).body;
    for (const path of [
      `/v1/customers/${created.id}`,
      "/v1/customers/external/secret",
      `/v1/customers/${created.id}/state`,
      "/v1/customers/external/secret/state",
    ]) {
      const answer = await globex.api.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.error).toBe("ResourceNotFound");
    }
    expect((await globex.api.patch(`/v1/customers/${created.id}`, { name: "x" })).status).toBe(404);
    expect((await globex.api.delete(`/v1/customers/${created.id}`)).status).toBe(404);
    expect((await acme.api.get("/v1/customers/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    await expect(globex.sdk.customers.get({ id: created.id })).rejects.toThrow();
  });
});

describe("PATCH /v1/customers/{id}", () => {
  it("updates fields through SDK 0.47, sets the external id once, and clears what is sent as null", async () => {
    const acme = await merchant();
    const created = (
      await newCustomer(acme, { name: "Old", metadata: { a: 1 }, billing_address: { country: "US", state: "NY" }, tax_id: "12-3456789" })
    ).body;
    expect(created.tax_id).toEqual(["12-3456789", "us_ein"]);
    const updated = await acme.sdk.customers.update({
      id: created.id,
      customerUpdate: {
        name: "New",
        email: "New@Example.com",
        metadata: { b: "2" },
        externalId: "ext-9",
        billingAddress: { country: "DE" },
      },
    });
    expect(updated).toMatchObject({
      name: "New",
      email: "new@example.com",
      metadata: { b: "2" },
      externalId: "ext-9",
      taxId: ["12-3456789", "eu_vat"],
    });
    expect(updated.modifiedAt).toBeInstanceOf(Date);
    const cleared = await acme.sdk1.customers.update(created.id, { name: null, tax_id: null, billing_address: null } as never);
    expect(cleared).toMatchObject({ name: null, tax_id: null, billing_address: null, email: "new@example.com", external_id: "ext-9" });
  });

  it("returns 422 when the external id would change, or the email belongs to another customer, and changes nothing", async () => {
    const acme = await merchant();
    const first = (await newCustomer(acme, { email: "first@example.com", external_id: "keep", name: "First" })).body;
    await newCustomer(acme, { email: "second@example.com", external_id: "other" });
    const changeExternal = await acme.api.patch(`/v1/customers/${first.id}`, { external_id: "changed", name: "Renamed" });
    expect(changeExternal.status).toBe(422);
    expect(changeExternal.body.detail[0].loc).toEqual(["body", "external_id"]);
    const sameExternal = await acme.api.patch(`/v1/customers/${first.id}`, { external_id: "keep" });
    expect(sameExternal.status).toBe(200);
    const stolenEmail = await acme.api.patch(`/v1/customers/${first.id}`, { email: "SECOND@example.com", name: "Renamed" });
    expect(stolenEmail.status).toBe(422);
    expect(stolenEmail.body.detail[0].loc).toEqual(["body", "email"]);
    const unset = (await newCustomer(acme)).body;
    const takenExternal = await acme.api.patch(`/v1/customers/${unset.id}`, { external_id: "other" });
    expect(takenExternal.status).toBe(422);
    const after = (await acme.api.get(`/v1/customers/${first.id}`)).body;
    expect(after).toMatchObject({ email: "first@example.com", external_id: "keep", name: "First" });
  });

  it("returns 403 for a read-only token", async () => {
    const acme = await merchant();
    const created = (await newCustomer(acme, { name: "Same" })).body;
    const reader = apiClient(server.url, await acme.tokenWithScopes(["customers:read"]));
    expect((await reader.patch(`/v1/customers/${created.id}`, { name: "x" })).status).toBe(403);
    expect((await reader.delete(`/v1/customers/${created.id}`)).status).toBe(403);
    expect((await acme.api.get(`/v1/customers/${created.id}`)).body.name).toBe("Same");
  });
});

describe("PATCH /v1/customers/external/{external_id}", () => {
  it("updates a customer by external id through both SDKs", async () => {
    const acme = await merchant();
    await newCustomer(acme, { external_id: "user-5", name: "Five" });
    const updated = await acme.sdk.customers.updateExternal({
      externalId: "user-5",
      customerUpdateExternalID: { name: "Fünf", email: "five@example.com" },
    });
    expect(updated).toMatchObject({ name: "Fünf", email: "five@example.com", externalId: "user-5" });
    expect(await acme.sdk1.customers.updateExternal("user-5", { locale: "de" } as never)).toMatchObject({ locale: "de", name: "Fünf" });
    expect((await acme.api.patch("/v1/customers/external/nobody", { name: "x" })).status).toBe(404);
  });
});

describe("DELETE /v1/customers/{id}", () => {
  it("soft-deletes: the customer vanishes from reads, and its email and external id can be reused", async () => {
    const acme = await merchant();
    const created = (await newCustomer(acme, { email: "gone@example.com", external_id: "gone" })).body;
    await acme.sdk.customers.delete({ id: created.id });
    expect((await acme.api.get(`/v1/customers/${created.id}`)).status).toBe(404);
    expect((await acme.api.get("/v1/customers/external/gone")).status).toBe(404);
    expect((await acme.api.get("/v1/customers/")).body.items).toEqual([]);
    expect((await acme.api.delete(`/v1/customers/${created.id}`)).status).toBe(404);
    const row = await server.deps.db.selectFrom("customer").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.email).toBe("gone@example.com");
    const again = await newCustomer(acme, { email: "gone@example.com", external_id: "gone" });
    expect(again.status).toBe(201);
  });

  it("erases personal data when anonymize=true", async () => {
    const acme = await merchant();
    const created = (await newCustomer(acme, { email: "private@example.com", name: "Private", billing_address: { country: "FR" } })).body;
    const answer = await acme.api.delete(`/v1/customers/${created.id}?anonymize=true`);
    expect(answer.status).toBe(204);
    const row = await server.deps.db.selectFrom("customer").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: null, billing_address: null });
    expect(row.email).toMatch(/@anonymized\.invalid$/);
  });
});

describe("DELETE /v1/customers/external/{external_id}", () => {
  it("deletes by external id through both SDKs", async () => {
    const acme = await merchant();
    await newCustomer(acme, { external_id: "a" });
    await newCustomer(acme, { external_id: "b" });
    await acme.sdk.customers.deleteExternal({ externalId: "a" });
    await acme.sdk1.customers.deleteExternal("b");
    expect((await acme.api.get("/v1/customers/")).body.pagination.total_count).toBe(0);
    expect((await acme.api.delete("/v1/customers/external/a")).status).toBe(404);
  });
});

describe("GET /v1/customers/{id}/state", () => {
  it("answers the customer with empty subscriptions, benefits and meters, by id and by external id", async () => {
    const acme = await merchant();
    const created = (await newCustomer(acme, { external_id: "st-1", name: "State" })).body;
    const state = await acme.sdk.customers.getState({ id: created.id });
    expect(state).toMatchObject({
      id: created.id,
      name: "State",
      externalId: "st-1",
      activeSubscriptions: [],
      grantedBenefits: [],
      activeMeters: [],
    });
    const external = await acme.sdk.customers.getStateExternal({ externalId: "st-1" });
    expect(external.id).toBe(created.id);
    expect(await acme.sdk1.customers.getState(created.id)).toMatchObject({ id: created.id, active_subscriptions: [] });
    const reader = apiClient(server.url, await acme.tokenWithScopes(["customers:read"]));
    expect((await reader.get(`/v1/customers/${created.id}/state`)).status).toBe(200);
    const other = apiClient(server.url, await acme.tokenWithScopes(["products:read"]));
    expect((await other.get(`/v1/customers/${created.id}/state`)).status).toBe(403);
  });
});
