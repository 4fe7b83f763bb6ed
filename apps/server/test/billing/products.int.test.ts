import { describe, expect, it } from "vitest";
import { apiClient, dashboardApi, type Merchant, useBillingServer } from "../support/billing.ts";
import { memberWithRole } from "../support/organizations.ts";

const { server, merchant } = useBillingServer();

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever the API answered.
type Json = any;

const fixed = (amount: number, currency = "usd") => ({ amount_type: "fixed", price_amount: amount, price_currency: currency });

async function createProduct(m: Merchant, body: Record<string, unknown>): Promise<Json> {
  const answer = await m.api.post("/v1/products/", { name: "Pro plan", ...body });
  if (answer.status !== 201) throw new Error(`product create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const countRows = async (table: "product" | "product_price", organizationId: string) =>
  Number(
    (
      await server.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("organization_id", "=", organizationId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("POST /v1/products/", () => {
  it("creates a monthly product with a fixed price through SDK 0.47", async () => {
    const acme = await merchant();
    const product = await acme.sdk.products.create({
      name: "Pro monthly",
      description: "All features",
      recurringInterval: "month",
      prices: [{ amountType: "fixed", priceAmount: 1500, priceCurrency: "eur" }],
      metadata: { tier: "pro", seats: 5 },
    });
    expect(product).toMatchObject({
      name: "Pro monthly",
      description: "All features",
      recurringInterval: "month",
      recurringIntervalCount: 1,
      isRecurring: true,
      isArchived: false,
      visibility: "public",
      trialInterval: null,
      organizationId: acme.organizationId,
      metadata: { tier: "pro", seats: 5 },
      benefits: [],
      medias: [],
      attachedCustomFields: [],
    });
    expect(product.prices).toHaveLength(1);
    expect(product.prices[0]).toMatchObject({
      amountType: "fixed",
      priceAmount: 1500,
      priceCurrency: "eur",
      isArchived: false,
      productId: product.id,
      source: "catalog",
    });
  });

  it("creates a yearly product with a trial and a one-time product", async () => {
    const acme = await merchant();
    const yearly = await acme.sdk.products.create({
      name: "Pro yearly",
      recurringInterval: "year",
      trialInterval: "day",
      trialIntervalCount: 14,
      prices: [{ amountType: "fixed", priceAmount: 15000 }],
    });
    expect(yearly).toMatchObject({ recurringInterval: "year", isRecurring: true, trialInterval: "day", trialIntervalCount: 14 });
    expect(yearly.prices[0]).toMatchObject({ priceCurrency: "usd" });
    const oneTime = await acme.sdk.products.create({ name: "Lifetime", prices: [{ amountType: "fixed", priceAmount: 9900 }] });
    expect(oneTime).toMatchObject({ recurringInterval: null, recurringIntervalCount: null, isRecurring: false });
  });

  it("creates free and custom (pay what you want) prices", async () => {
    const acme = await merchant();
    const free = await acme.sdk.products.create({ name: "Free tier", recurringInterval: "month", prices: [{ amountType: "free" }] });
    expect(free.prices[0]).toMatchObject({ amountType: "free", priceCurrency: "usd" });
    const custom = await acme.sdk.products.create({
      name: "Donation",
      prices: [{ amountType: "custom", minimumAmount: 100, maximumAmount: 10000, presetAmount: 500 }],
    });
    expect(custom.prices[0]).toMatchObject({ amountType: "custom", minimumAmount: 100, maximumAmount: 10000, presetAmount: 500 });
    const defaults = await acme.sdk.products.create({ name: "Tip jar", prices: [{ amountType: "custom" }] });
    expect(defaults.prices[0]).toMatchObject({ amountType: "custom", minimumAmount: 50, maximumAmount: null, presetAmount: null });
  });

  it("creates a product through SDK 1.x", async () => {
    const acme = await merchant();
    const created = (await acme.sdk1.products.create({
      name: "Team",
      recurring_interval: "month",
      prices: [{ amount_type: "fixed", price_amount: 2500 }],
    } as never)) as Json;
    expect(created).toMatchObject({
      name: "Team",
      is_recurring: true,
      recurring_interval_count: 1,
      prices: [{ amount_type: "fixed", price_amount: 2500 }],
    });
    const fetched = (await acme.sdk1.products.get(created.id)) as Json;
    expect(fetched.id).toBe(created.id);
    const listed = (await acme.sdk1.products.list({ limit: 5 } as never)) as Json;
    expect(listed.items.map((p: Json) => p.id)).toEqual([created.id]);
  });

  it.each([
    ["no price", { prices: [] }, ["body", "prices"]],
    ["two static prices", { prices: [fixed(100), { amount_type: "custom" }] }, ["body", "prices"]],
    ["a free price with another price", { prices: [{ amount_type: "free" }, fixed(100)] }, ["body", "prices"]],
    [
      "mixed currencies",
      {
        recurring_interval: "month",
        prices: [fixed(100, "usd"), { amount_type: "metered_unit", meter_id: "x", unit_amount: 1, price_currency: "eur" }],
      },
      ["body", "prices"],
    ],
    ["a negative amount", { prices: [fixed(-1)] }, ["body", "prices", 0, "price_amount"]],
    ["a fractional amount", { prices: [fixed(10.5)] }, ["body", "prices", 0, "price_amount"]],
    ["an uppercase currency", { prices: [fixed(100, "USD")] }, ["body", "prices", 0, "price_currency"]],
    ["an unknown amount type", { prices: [{ amount_type: "tiered" }] }, ["body", "prices", 0, "amount_type"]],
    [
      "a seat-based price (not supported)",
      { prices: [{ amount_type: "seat_based", seat_tiers: { tiers: [] } }] },
      ["body", "prices", 0, "amount_type"],
    ],
    [
      "a custom preset above the maximum",
      { prices: [{ amount_type: "custom", minimum_amount: 100, maximum_amount: 200, preset_amount: 300 }] },
      ["body", "prices", 0, "preset_amount"],
    ],
    [
      "a custom maximum below the minimum",
      { prices: [{ amount_type: "custom", minimum_amount: 500, maximum_amount: 200 }] },
      ["body", "prices", 0, "maximum_amount"],
    ],
    [
      "a metered price on a one-time product",
      { prices: [{ amount_type: "metered_unit", meter_id: "x", unit_amount: 1 }] },
      ["body", "prices", 0],
    ],
    [
      "an unknown meter",
      {
        recurring_interval: "month",
        prices: [{ amount_type: "metered_unit", meter_id: "00000000-0000-4000-8000-000000000000", unit_amount: 1 }],
      },
      ["body", "prices", 0, "meter_id"],
    ],
    ["a trial on a one-time product", { prices: [fixed(100)], trial_interval: "day", trial_interval_count: 7 }, ["body", "trial_interval"]],
    ["a name too short", { name: "ab", prices: [fixed(100)] }, ["body", "name"]],
    ["an unknown interval", { recurring_interval: "fortnight", prices: [fixed(100)] }, ["body", "recurring_interval"]],
  ])("returns 422 for %s, and creates nothing", async (_label, body, loc) => {
    const acme = await merchant();
    const answer = await acme.api.post("/v1/products/", { name: "Pro plan", ...body });
    expect(answer.status).toBe(422);
    expect(answer.body.detail.map((issue: Json) => issue.loc)).toContainEqual(loc);
    expect(answer.body.detail[0]).toHaveProperty("msg");
    expect(answer.body.detail[0]).toHaveProperty("type");
    expect(await countRows("product", acme.organizationId)).toBe(0);
    expect(await countRows("product_price", acme.organizationId)).toBe(0);
  });

  it("answers 403 to a token without products:write", async () => {
    const acme = await merchant();
    const reader = apiClient(server.url, await acme.tokenWithScopes(["products:read"]));
    const answer = await reader.post("/v1/products/", { name: "Pro plan", prices: [fixed(100)] });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe("insufficient_scope");
    expect(await countRows("product", acme.organizationId)).toBe(0);
  });
});

describe("GET /v1/products/{id}", () => {
  it("answers the product through SDK 0.47, and 404 to another organization", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const created = await createProduct(acme, { prices: [fixed(700)] });
    const product = await acme.sdk.products.get({ id: created.id });
    expect(product).toMatchObject({ id: created.id, name: "Pro plan", createdAt: expect.any(Date), modifiedAt: null });
    const foreign = await globex.api.get(`/v1/products/${created.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "ResourceNotFound", detail: expect.any(String) });
    expect((await acme.api.get("/v1/products/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("answers 403 to a token without a products scope, and works with products:read", async () => {
    const acme = await merchant();
    const created = await createProduct(acme, { prices: [fixed(700)] });
    const other = apiClient(server.url, await acme.tokenWithScopes(["customers:read"]));
    expect((await other.get(`/v1/products/${created.id}`)).status).toBe(403);
    const reader = apiClient(server.url, await acme.tokenWithScopes(["products:read"]));
    expect((await reader.get(`/v1/products/${created.id}`)).status).toBe(200);
  });
});

describe("the dashboard's way in", () => {
  it("lets a member read products but not create them (403 NotPermitted)", async () => {
    const acme = await merchant();
    await createProduct(acme, { prices: [fixed(700)] });
    const member = dashboardApi((await memberWithRole(server, acme.organizationId, "member")).client);
    const listed = await member.get("/v1/products/");
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(1);
    const refused = await member.post("/v1/products/", { name: "Pro plan", prices: [fixed(100)] });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("NotPermitted");
    const owner = await acme.dashboard.post("/v1/products/", { name: "Owner plan", prices: [fixed(100)] });
    expect(owner.status).toBe(201);
  });
});

describe("PATCH /v1/products/{id}", () => {
  it("updates name, description, visibility and metadata through SDK 0.47", async () => {
    const acme = await merchant();
    const created = await createProduct(acme, { prices: [fixed(700)], metadata: { a: "1" } });
    const updated = await acme.sdk.products.update({
      id: created.id,
      productUpdate: { name: "Renamed", description: null, visibility: "private", metadata: { b: true } },
    });
    expect(updated).toMatchObject({
      name: "Renamed",
      description: null,
      visibility: "private",
      metadata: { b: true },
      modifiedAt: expect.any(Date),
    });
    expect(updated.prices).toHaveLength(1);
  });

  it("keeps prices given by id, creates new ones and archives the rest", async () => {
    const acme = await merchant();
    const created = await createProduct(acme, { recurring_interval: "month", prices: [fixed(1000)] });
    const oldPriceId = created.prices[0].id;
    const replaced = await acme.sdk.products.update({
      id: created.id,
      productUpdate: { prices: [{ amountType: "fixed", priceAmount: 1200 }] },
    });
    expect(replaced.prices).toHaveLength(1);
    expect(replaced.prices[0]).toMatchObject({ amountType: "fixed", priceAmount: 1200 });
    expect(replaced.prices[0]?.id).not.toBe(oldPriceId);
    const archived = await server.deps.db.selectFrom("product_price").selectAll().where("id", "=", oldPriceId).executeTakeFirstOrThrow();
    expect(Boolean(archived.is_archived)).toBe(true);
    expect(Number(archived.price_amount)).toBe(1000);

    const newPriceId = replaced.prices[0]?.id as string;
    const kept = await acme.api.patch(`/v1/products/${created.id}`, { prices: [{ id: newPriceId }] });
    expect(kept.status).toBe(200);
    expect(kept.body.prices.map((p: Json) => p.id)).toEqual([newPriceId]);
  });

  it("returns 422 for an archived or foreign price id, leaving the prices as they were", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const created = await createProduct(acme, { prices: [fixed(1000)] });
    const foreign = await createProduct(globex, { prices: [fixed(1000)] });
    const first = created.prices[0].id;
    await acme.api.patch(`/v1/products/${created.id}`, { prices: [fixed(2000)] });
    for (const id of [first, foreign.prices[0].id]) {
      const answer = await acme.api.patch(`/v1/products/${created.id}`, { prices: [{ id }] });
      expect(answer.status).toBe(422);
      expect(answer.body.detail[0].loc).toEqual(["body", "prices", 0, "id"]);
    }
    const after = await acme.api.get(`/v1/products/${created.id}`);
    expect(after.body.prices.map((p: Json) => p.price_amount)).toEqual([2000]);
    expect(await countRows("product_price", acme.organizationId)).toBe(2);
  });

  it("returns 422 when the recurring interval would change or a second static price is added", async () => {
    const acme = await merchant();
    const created = await createProduct(acme, { recurring_interval: "month", prices: [fixed(1000)] });
    const interval = await acme.api.patch(`/v1/products/${created.id}`, { recurring_interval: "year" });
    expect(interval.status).toBe(422);
    expect(interval.body.detail[0].loc).toEqual(["body", "recurring_interval"]);
    const same = await acme.api.patch(`/v1/products/${created.id}`, { recurring_interval: "month" });
    expect(same.status).toBe(200);
    const twoStatic = await acme.api.patch(`/v1/products/${created.id}`, { prices: [{ id: created.prices[0].id }, fixed(500)] });
    expect(twoStatic.status).toBe(422);
    const empty = await acme.api.patch(`/v1/products/${created.id}`, { prices: [] });
    expect(empty.status).toBe(422);
    const after = await acme.api.get(`/v1/products/${created.id}`);
    expect(after.body).toMatchObject({ recurring_interval: "month", prices: [{ id: created.prices[0].id, is_archived: false }] });
  });

  it("archives and unarchives the product", async () => {
    const acme = await merchant();
    const created = await createProduct(acme, { prices: [fixed(1000)] });
    const archived = await acme.sdk.products.update({ id: created.id, productUpdate: { isArchived: true } });
    expect(archived.isArchived).toBe(true);
    const restored = await acme.api.patch(`/v1/products/${created.id}`, { is_archived: false });
    expect(restored.body.is_archived).toBe(false);
  });

  it("sets and clears a trial on a recurring product, and refuses one on a one-time product", async () => {
    const acme = await merchant();
    const monthly = await createProduct(acme, { recurring_interval: "month", prices: [fixed(1000)] });
    const trial = await acme.sdk.products.update({ id: monthly.id, productUpdate: { trialInterval: "week", trialIntervalCount: 2 } });
    expect(trial).toMatchObject({ trialInterval: "week", trialIntervalCount: 2 });
    const cleared = await acme.api.patch(`/v1/products/${monthly.id}`, { trial_interval: null, trial_interval_count: null });
    expect(cleared.body).toMatchObject({ trial_interval: null, trial_interval_count: null });
    const half = await acme.api.patch(`/v1/products/${monthly.id}`, { trial_interval: "day" });
    expect(half.status).toBe(422);
    const oneTime = await createProduct(acme, { prices: [fixed(1000)] });
    const refused = await acme.api.patch(`/v1/products/${oneTime.id}`, { trial_interval: "day", trial_interval_count: 3 });
    expect(refused.status).toBe(422);
    expect((await acme.api.get(`/v1/products/${oneTime.id}`)).body.trial_interval).toBeNull();
  });

  it("updates through SDK 1.x", async () => {
    const acme = await merchant();
    const created = await createProduct(acme, { prices: [fixed(1000)] });
    const updated = (await acme.sdk1.products.update(created.id, {
      name: "Through v1",
      prices: [{ id: created.prices[0].id }],
    } as never)) as Json;
    expect(updated).toMatchObject({ name: "Through v1", prices: [{ id: created.prices[0].id }] });
  });

  it("answers 404 to another organization and 403 without products:write", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const created = await createProduct(acme, { prices: [fixed(1000)] });
    expect((await globex.api.patch(`/v1/products/${created.id}`, { name: "Stolen" })).status).toBe(404);
    const reader = apiClient(server.url, await acme.tokenWithScopes(["products:read"]));
    expect((await reader.patch(`/v1/products/${created.id}`, { name: "Nope" })).status).toBe(403);
    expect((await acme.api.get(`/v1/products/${created.id}`)).body.name).toBe("Pro plan");
  });
});

describe("GET /v1/products/", () => {
  async function catalog(m: Merchant) {
    const basic = await createProduct(m, {
      name: "Basic Monthly",
      recurring_interval: "month",
      prices: [fixed(500)],
      metadata: { tier: "basic" },
    });
    const pro = await createProduct(m, {
      name: "PRO Yearly",
      recurring_interval: "year",
      prices: [fixed(5000)],
      metadata: { tier: "pro" },
    });
    const ebook = await createProduct(m, { name: "Ebook", prices: [{ amount_type: "custom", minimum_amount: 200 }] });
    const free = await createProduct(m, { name: "Free plan", recurring_interval: "month", prices: [{ amount_type: "free" }] });
    return { basic, pro, ebook, free };
  }

  it("filters by query, recurrence, archived state, id and metadata", async () => {
    const acme = await merchant();
    const { basic, pro, ebook, free } = await catalog(acme);
    await acme.api.patch(`/v1/products/${free.id}`, { is_archived: true });
    const names = async (query: string) => (await acme.api.get(`/v1/products/?${query}`)).body.items.map((p: Json) => p.name).sort();

    expect(await names("query=pro")).toEqual(["PRO Yearly"]);
    expect(await names("query=MONTH")).toEqual(["Basic Monthly"]);
    expect(await names("is_recurring=false")).toEqual(["Ebook"]);
    expect(await names("is_recurring=true&is_archived=false")).toEqual(["Basic Monthly", "PRO Yearly"]);
    expect(await names("is_archived=true")).toEqual(["Free plan"]);
    expect(await names(`id=${basic.id}&id=${ebook.id}`)).toEqual(["Basic Monthly", "Ebook"]);
    expect(await names("metadata[tier]=pro")).toEqual(["PRO Yearly"]);
    expect(await names("visibility=private")).toEqual([]);

    const sdkPage = await acme.sdk.products.list({ query: "yearly", isRecurring: true, metadata: { tier: "pro" } });
    expect(sdkPage.result.items.map((p) => p.id)).toEqual([pro.id]);
  });

  it("sorts by name, price amount type and price amount, and paginates", async () => {
    const acme = await merchant();
    await catalog(acme);
    const order = async (sorting: string) => (await acme.api.get(`/v1/products/?${sorting}`)).body.items.map((p: Json) => p.name);
    expect(await order("sorting=name")).toEqual(["Basic Monthly", "Ebook", "Free plan", "PRO Yearly"]);
    expect(await order("sorting=-name")).toEqual(["PRO Yearly", "Free plan", "Ebook", "Basic Monthly"]);
    expect(await order("sorting=price_amount")).toEqual(["Free plan", "Ebook", "Basic Monthly", "PRO Yearly"]);
    expect(await order("sorting=-price_amount")).toEqual(["PRO Yearly", "Basic Monthly", "Ebook", "Free plan"]);
    expect(await order("sorting=price_amount_type&sorting=name")).toEqual(["Free plan", "Ebook", "Basic Monthly", "PRO Yearly"]);

    const page = await acme.sdk.products.list({ limit: 3, sorting: ["name"] });
    expect(page.result.pagination).toEqual({ totalCount: 4, maxPage: 2 });
    expect(page.result.items.map((p) => p.name)).toEqual(["Basic Monthly", "Ebook", "Free plan"]);
    const second = await acme.sdk.products.list({ limit: 3, page: 2, sorting: ["name"] });
    expect(second.result.items.map((p) => p.name)).toEqual(["PRO Yearly"]);

    const bad = await acme.api.get("/v1/products/?sorting=color");
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc[0]).toBe("query");
  });

  it("never lists another organization's products", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    await catalog(acme);
    const listed = await globex.sdk.products.list({});
    expect(listed.result.items).toEqual([]);
    expect(listed.result.pagination.totalCount).toBe(0);
  });
});
