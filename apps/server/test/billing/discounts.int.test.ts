import { describe, expect, it } from "vitest";
import { apiClient, type Merchant, useBillingServer } from "../support/billing.ts";

const { server, merchant } = useBillingServer();

// biome-ignore lint/suspicious/noExplicitAny: SDK 1.x answers raw wire JSON.
type Json = any;

async function product(m: Merchant, name = "Pro plan"): Promise<string> {
  const created = await m.api.post("/v1/products/", {
    name,
    prices: [{ amount_type: "fixed", price_amount: 1000, price_currency: "usd" }],
  });
  if (created.status !== 201) throw new Error(`product create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id as string;
}

const countDiscounts = async (organizationId: string) =>
  Number(
    (
      await server.deps.db
        .selectFrom("discount")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("organization_id", "=", organizationId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("POST /v1/discounts/", () => {
  it("creates a percentage discount repeating for some months, restricted to products, through SDK 0.47", async () => {
    const acme = await merchant();
    const productId = await product(acme);
    const discount = await acme.sdk.discounts.create({
      type: "percentage",
      basisPoints: 2550,
      duration: "repeating",
      durationInMonths: 3,
      name: "Launch",
      code: "LAUNCH25",
      startsAt: new Date("2030-01-01T00:00:00Z"),
      endsAt: new Date("2030-02-01T00:00:00Z"),
      maxRedemptions: 100,
      products: [productId],
      metadata: { campaign: "spring", wave: 2 },
    });
    expect(discount).toMatchObject({
      type: "percentage",
      basisPoints: 2550,
      duration: "repeating",
      durationInMonths: 3,
      name: "Launch",
      code: "LAUNCH25",
      maxRedemptions: 100,
      redemptionsCount: 0,
      organizationId: acme.organizationId,
      metadata: { campaign: "spring", wave: 2 },
      modifiedAt: null,
    });
    expect(discount.startsAt?.toISOString()).toBe("2030-01-01T00:00:00.000Z");
    expect(discount.endsAt?.toISOString()).toBe("2030-02-01T00:00:00.000Z");
    expect(discount.products.map((p) => [p.id, p.name, p.isArchived])).toEqual([[productId, "Pro plan", false]]);
  });

  it("creates fixed discounts once and forever, with one amount or several currencies", async () => {
    const acme = await merchant();
    const once = await acme.sdk.discounts.create({ type: "fixed", amount: 500, currency: "eur", duration: "once", name: "Five off" });
    expect(once).toMatchObject({
      type: "fixed",
      amount: 500,
      currency: "eur",
      amounts: { eur: 500 },
      duration: "once",
      code: null,
      startsAt: null,
      endsAt: null,
      maxRedemptions: null,
      products: [],
    });
    expect("durationInMonths" in once).toBe(false);
    const forever = await acme.sdk.discounts.create({
      type: "fixed",
      amounts: { usd: 1000, eur: 900 },
      duration: "forever",
      name: "Ten off",
    });
    expect(forever).toMatchObject({ type: "fixed", amount: 1000, currency: "usd", amounts: { usd: 1000, eur: 900 }, duration: "forever" });
    const percentOnce = await acme.sdk.discounts.create({
      type: "percentage",
      basisPoints: 10_000,
      duration: "once",
      name: "Free first month",
    });
    expect(percentOnce).toMatchObject({ type: "percentage", basisPoints: 10_000, duration: "once" });
    const fixedRepeating = await acme.sdk.discounts.create({
      type: "fixed",
      amount: 200,
      duration: "repeating",
      durationInMonths: 12,
      name: "Year of savings",
    });
    expect(fixedRepeating).toMatchObject({ type: "fixed", amount: 200, currency: "usd", duration: "repeating", durationInMonths: 12 });
  });

  it("creates, gets and lists through SDK 1.x", async () => {
    const acme = await merchant();
    const created = (await acme.sdk1.discounts.create({
      type: "percentage",
      basis_points: 1000,
      duration: "forever",
      name: "Ten percent",
      code: "TEN",
    } as never)) as Json;
    expect(created).toMatchObject({
      type: "percentage",
      basis_points: 1000,
      duration: "forever",
      code: "TEN",
      products: [],
      max_redemptions_per_customer: null,
    });
    const fetched = (await acme.sdk1.discounts.get(created.id)) as Json;
    expect(fetched).toEqual(created);
    const listed = (await acme.sdk1.discounts.list({ limit: 5 })) as Json;
    expect(listed.items.map((d: Json) => d.id)).toEqual([created.id]);
    expect(listed.pagination).toEqual({ total_count: 1, max_page: 1 });
  });

  it("returns 422 for a duplicate code in any case, and creates nothing", async () => {
    const acme = await merchant();
    await acme.api.post("/v1/discounts/", { type: "percentage", basis_points: 1000, duration: "once", name: "A", code: "SUMMER" });
    const before = await countDiscounts(acme.organizationId);
    const duplicate = await acme.api.post("/v1/discounts/", {
      type: "percentage",
      basis_points: 1000,
      duration: "once",
      name: "B",
      code: "summer",
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.detail).toEqual([
      { loc: ["body", "code"], msg: "A discount with this code already exists.", type: "value_error" },
    ]);
    expect(await countDiscounts(acme.organizationId)).toBe(before);
    // Another organization may use the same code.
    const other = await merchant("Globex");
    expect(
      (await other.api.post("/v1/discounts/", { type: "percentage", basis_points: 1000, duration: "once", name: "B", code: "SUMMER" }))
        .status,
    ).toBe(201);
  });

  it("gives one of two simultaneous requests for the same code a 422", async () => {
    const acme = await merchant();
    const body = (name: string) => ({ type: "percentage", basis_points: 1000, duration: "once", name, code: "RACE" });
    const answers = await Promise.all([acme.api.post("/v1/discounts/", body("A")), acme.api.post("/v1/discounts/", body("B"))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(await countDiscounts(acme.organizationId)).toBe(1);
    // The database itself refuses a second live discount with the code, whatever its case.
    const row = await server.deps.db
      .selectFrom("discount")
      .selectAll()
      .where("organization_id", "=", acme.organizationId)
      .executeTakeFirstOrThrow();
    await expect(
      server.deps.db
        .insertInto("discount")
        .values({
          ...row,
          id: crypto.randomUUID(),
          code: "race",
          created_at: new Date().toISOString(),
          modified_at: null,
          starts_at: null,
          ends_at: null,
          deleted_at: null,
        })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });

  it("returns 422 for repeating without months, basis points out of range, ends before starts, bad codes and a missing amount", async () => {
    const acme = await merchant();
    const post = (body: object) => acme.api.post("/v1/discounts/", { name: "X", ...body });
    const noMonths = await post({ type: "percentage", basis_points: 1000, duration: "repeating" });
    expect(noMonths.status).toBe(422);
    expect(noMonths.body.detail[0].loc).toEqual(["body", "duration_in_months"]);
    for (const basis_points of [0, 10_001]) {
      const outOfRange = await post({ type: "percentage", basis_points, duration: "once" });
      expect(outOfRange.status).toBe(422);
      expect(outOfRange.body.detail[0].loc).toEqual(["body", "basis_points"]);
    }
    const backwards = await post({
      type: "percentage",
      basis_points: 1000,
      duration: "once",
      starts_at: "2030-02-01T00:00:00Z",
      ends_at: "2030-01-01T00:00:00Z",
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.detail[0].loc).toEqual(["body", "ends_at"]);
    for (const code of ["AB", "NO-DASH", "x".repeat(257)]) {
      const bad = await post({ type: "percentage", basis_points: 1000, duration: "once", code });
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0].loc).toEqual(["body", "code"]);
    }
    const noAmount = await post({ type: "fixed", duration: "once" });
    expect(noAmount.status).toBe(422);
    expect(noAmount.body.detail[0].loc).toEqual(["body", "amount"]);
    const zeroRedemptions = await post({ type: "percentage", basis_points: 1000, duration: "once", max_redemptions: 0 });
    expect(zeroRedemptions.body.detail[0].loc).toEqual(["body", "max_redemptions"]);
    const unknownType = await post({ type: "bogus", duration: "once" });
    expect(unknownType.status).toBe(422);
    expect(await countDiscounts(acme.organizationId)).toBe(0);
  });

  it("returns 422 for another organization's product, and creates nothing", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const foreign = await product(globex);
    const answer = await acme.api.post("/v1/discounts/", {
      type: "percentage",
      basis_points: 1000,
      duration: "once",
      name: "X",
      products: [foreign],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].loc).toEqual(["body", "products", 0]);
    expect(await countDiscounts(acme.organizationId)).toBe(0);
  });

  it("returns 403 to a token without discounts:write", async () => {
    const acme = await merchant();
    const reader = apiClient(server.url, await acme.tokenWithScopes(["discounts:read"]));
    const answer = await reader.post("/v1/discounts/", { type: "percentage", basis_points: 1000, duration: "once", name: "X" });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe("insufficient_scope");
    expect((await reader.get("/v1/discounts/")).status).toBe(200);
    const unrelated = apiClient(server.url, await acme.tokenWithScopes(["products:read"]));
    expect((await unrelated.get("/v1/discounts/")).status).toBe(403);
  });
});

describe("GET /v1/discounts/{id}", () => {
  it("returns the discount through SDK 0.47, and 404 to another organization", async () => {
    const acme = await merchant();
    const created = await acme.sdk.discounts.create({ type: "percentage", basisPoints: 500, duration: "once", name: "Five" });
    const fetched = await acme.sdk.discounts.get({ id: created.id });
    expect(fetched).toEqual(created);
    const globex = await merchant("Globex");
    const foreign = await globex.api.get(`/v1/discounts/${created.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "ResourceNotFound", detail: "Discount not found" });
    expect((await globex.api.get("/v1/discounts/")).body.items).toEqual([]);
  });
});

describe("GET /v1/discounts/", () => {
  it("filters by name or code, by metadata, sorts and paginates", async () => {
    const acme = await merchant();
    const make = (name: string, code: string | null, basis_points: number, metadata: object = {}) =>
      acme.api.post("/v1/discounts/", { type: "percentage", basis_points, duration: "once", name, code, metadata });
    await make("Spring sale", "SPRING", 1000, { season: "spring" });
    await make("Summer sale", "SUNNY", 2000, { season: "summer" });
    await make("Loyalty", "SPRINGBACK", 3000);
    await make("Staff 50%_off", null, 5000);

    const byQuery = await acme.sdk.discounts.list({ query: "spring", sorting: ["name"] });
    expect(byQuery.result.items.map((d) => d.name)).toEqual(["Loyalty", "Spring sale"]);
    const literalWildcards = await acme.api.get("/v1/discounts/?query=%25_off");
    expect(literalWildcards.body.items.map((d: Json) => d.name)).toEqual(["Staff 50%_off"]);
    const byMetadata = await acme.api.get("/v1/discounts/?metadata[season]=summer");
    expect(byMetadata.body.items.map((d: Json) => d.name)).toEqual(["Summer sale"]);

    const page1 = await acme.sdk.discounts.list({ sorting: ["-name"], limit: 3 });
    expect(page1.result.items.map((d) => d.name)).toEqual(["Summer sale", "Staff 50%_off", "Spring sale"]);
    expect(page1.result.pagination).toEqual({ totalCount: 4, maxPage: 2 });
    const page2 = await acme.sdk.discounts.list({ sorting: ["-name"], limit: 3, page: 2 });
    expect(page2.result.items.map((d) => d.name)).toEqual(["Loyalty"]);
    const byCode = await acme.api.get("/v1/discounts/?sorting=code&query=s");
    expect(byCode.status).toBe(200);
    const unknownSort = await acme.api.get("/v1/discounts/?sorting=amount");
    expect(unknownSort.status).toBe(422);
  });
});

describe("PATCH /v1/discounts/{id}", () => {
  it("updates fields partially through SDK 0.47, changing terms while never redeemed", async () => {
    const acme = await merchant();
    const productId = await product(acme);
    const created = await acme.sdk.discounts.create({
      type: "fixed",
      amount: 500,
      currency: "usd",
      duration: "once",
      name: "Five",
      code: "FIVE",
      maxRedemptions: 3,
    });
    const renamed = await acme.sdk.discounts.update({
      id: created.id,
      discountUpdate: { name: "Five dollars", products: [productId], metadata: { a: "b" } },
    });
    expect(renamed).toMatchObject({ name: "Five dollars", code: "FIVE", maxRedemptions: 3, amount: 500, metadata: { a: "b" } });
    expect(renamed.products.map((p) => p.id)).toEqual([productId]);
    expect(renamed.modifiedAt).toBeInstanceOf(Date);

    const switched = await acme.sdk.discounts.update({
      id: created.id,
      discountUpdate: { type: "percentage", basisPoints: 1500, duration: "repeating", durationInMonths: 6 },
    });
    expect(switched).toMatchObject({
      type: "percentage",
      basisPoints: 1500,
      duration: "repeating",
      durationInMonths: 6,
      name: "Five dollars",
    });
    const cleared = await acme.api.patch(`/v1/discounts/${created.id}`, { code: null, max_redemptions: null, products: [] });
    expect(cleared.body).toMatchObject({ code: null, max_redemptions: null, products: [] });
  });

  it("returns 422 for a taken code, an inconsistent window or a type change without its value, leaving the discount as it was", async () => {
    const acme = await merchant();
    await acme.api.post("/v1/discounts/", { type: "percentage", basis_points: 1000, duration: "once", name: "A", code: "TAKEN" });
    const target = (
      await acme.api.post("/v1/discounts/", {
        type: "percentage",
        basis_points: 1000,
        duration: "once",
        name: "B",
        code: "MINE",
        ends_at: "2030-01-01T00:00:00Z",
      })
    ).body;
    const taken = await acme.api.patch(`/v1/discounts/${target.id}`, { code: "taken" });
    expect(taken.body.detail[0].loc).toEqual(["body", "code"]);
    const window = await acme.api.patch(`/v1/discounts/${target.id}`, { starts_at: "2031-01-01T00:00:00Z" });
    expect(window.body.detail[0].loc).toEqual(["body", "ends_at"]);
    const toFixed = await acme.api.patch(`/v1/discounts/${target.id}`, { type: "fixed" });
    expect(toFixed.body.detail[0].loc).toEqual(["body", "amount"]);
    const repeating = await acme.api.patch(`/v1/discounts/${target.id}`, { duration: "repeating" });
    expect(repeating.body.detail[0].loc).toEqual(["body", "duration_in_months"]);
    expect((await acme.api.get(`/v1/discounts/${target.id}`)).body).toEqual(target);
    // Keeping its own code in another case is fine.
    expect((await acme.api.patch(`/v1/discounts/${target.id}`, { code: "mine" })).body.code).toBe("mine");
  });

  it("refuses to change the terms of a discount that has been redeemed", async () => {
    const acme = await merchant();
    const created = (await acme.api.post("/v1/discounts/", { type: "percentage", basis_points: 1000, duration: "once", name: "A" })).body;
    await server.deps.db.updateTable("discount").set({ redemptions_count: 1 }).where("id", "=", created.id).execute();
    const changed = await acme.api.patch(`/v1/discounts/${created.id}`, { basis_points: 2000 });
    expect(changed.status).toBe(422);
    expect(changed.body.detail[0].loc).toEqual(["body", "basis_points"]);
    expect((await acme.api.patch(`/v1/discounts/${created.id}`, { name: "Renamed" })).body).toMatchObject({
      name: "Renamed",
      basis_points: 1000,
      redemptions_count: 1,
    });
  });

  it("returns 404 for another organization's discount and 403 without discounts:write", async () => {
    const acme = await merchant();
    const created = (await acme.api.post("/v1/discounts/", { type: "percentage", basis_points: 1000, duration: "once", name: "A" })).body;
    const globex = await merchant("Globex");
    expect((await globex.api.patch(`/v1/discounts/${created.id}`, { name: "Stolen" })).status).toBe(404);
    const reader = apiClient(server.url, await acme.tokenWithScopes(["discounts:read"]));
    expect((await reader.patch(`/v1/discounts/${created.id}`, { name: "Nope" })).status).toBe(403);
    expect((await acme.api.get(`/v1/discounts/${created.id}`)).body.name).toBe("A");
  });
});

describe("DELETE /v1/discounts/{id}", () => {
  it("deletes through SDK 0.47 with 204; the discount is gone, its code free again", async () => {
    const acme = await merchant();
    const created = await acme.sdk.discounts.create({ type: "percentage", basisPoints: 500, duration: "once", name: "Five", code: "GONE" });
    const globex = await merchant("Globex");
    expect((await globex.api.delete(`/v1/discounts/${created.id}`)).status).toBe(404);
    const raw = await acme.api.delete(`/v1/discounts/${created.id}`);
    expect(raw.status).toBe(204);
    expect(raw.body).toBeNull();
    expect((await acme.api.get(`/v1/discounts/${created.id}`)).status).toBe(404);
    expect((await acme.api.delete(`/v1/discounts/${created.id}`)).status).toBe(404);
    expect((await acme.api.get("/v1/discounts/")).body.items).toEqual([]);
    const again = await acme.sdk.discounts.create({
      type: "percentage",
      basisPoints: 500,
      duration: "once",
      name: "Five again",
      code: "gone",
    });
    await acme.sdk.discounts.delete({ id: again.id });
    expect((await acme.api.get(`/v1/discounts/${again.id}`)).status).toBe(404);
  });
});

describe("GET /v1/openapi.json", () => {
  it("documents the discount and checkout link operations with Polar's operation ids", async () => {
    const document = (await apiClient(server.url).get("/v1/openapi.json")).body;
    expect(document.paths["/v1/discounts/"].post.operationId).toBe("discounts:create");
    expect(document.paths["/v1/discounts/{id}"].patch.operationId).toBe("discounts:update");
    expect(document.paths["/v1/checkout-links/"].get.operationId).toBe("checkout-links:list");
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["Discount", "DiscountCreate", "CheckoutLink", "CheckoutLinkCreate", "DiscountProduct"]),
    );
  });
});
