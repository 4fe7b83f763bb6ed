import { describe, expect, it } from "vitest";
import { apiClient, type Merchant, useBillingServer } from "../support/billing.ts";

const { server, merchant } = useBillingServer();

// biome-ignore lint/suspicious/noExplicitAny: SDK 1.x answers raw wire JSON.
type Json = any;

async function product(m: Merchant, name = "Pro plan"): Promise<{ id: string; priceId: string }> {
  const created = await m.api.post("/v1/products/", {
    name,
    prices: [{ amount_type: "fixed", price_amount: 1000, price_currency: "usd" }],
  });
  if (created.status !== 201) throw new Error(`product create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.id, priceId: created.body.prices[0].id };
}

async function discount(m: Merchant): Promise<string> {
  const created = await m.api.post("/v1/discounts/", {
    type: "percentage",
    basis_points: 1000,
    duration: "once",
    name: "Ten",
    code: "TEN",
  });
  return created.body.id as string;
}

const countLinks = async (organizationId: string) =>
  Number(
    (
      await server.deps.db
        .selectFrom("checkout_link")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("organization_id", "=", organizationId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("POST /v1/checkout-links/", () => {
  it("creates a link to several products with a discount through SDK 0.47", async () => {
    const acme = await merchant();
    const basic = await product(acme, "Basic");
    const pro = await product(acme, "Pro");
    const benefit = await acme.api.post("/v1/benefits/", {
      type: "custom",
      description: "Priority support",
      properties: { note: "secret" },
    });
    expect((await acme.api.post(`/v1/products/${pro.id}/benefits`, { benefits: [benefit.body.id] })).status).toBe(200);
    const discountId = await discount(acme);

    const link = await acme.sdk.checkoutLinks.create({
      paymentProcessor: "stripe",
      products: [pro.id, basic.id],
      label: "Spring campaign",
      discountId,
      successUrl: "https://shop.example/thanks?checkout_id={CHECKOUT_ID}",
      requireBillingAddress: true,
      metadata: { source: "newsletter" },
    });
    expect(link).toMatchObject({
      paymentProcessor: "stripe",
      label: "Spring campaign",
      allowDiscountCodes: true,
      requireBillingAddress: true,
      discountId,
      successUrl: "https://shop.example/thanks?checkout_id={CHECKOUT_ID}",
      returnUrl: null,
      organizationId: acme.organizationId,
      metadata: { source: "newsletter" },
      trialInterval: null,
    });
    expect(link.clientSecret).toMatch(/^polar_cl_[A-Za-z0-9_-]{40,}$/);
    expect(link.url).toBe(`${server.deps.config.baseUrl.replace(/\/+$/, "")}/v1/checkout-links/${link.clientSecret}/redirect`);
    expect(link.products.map((p) => p.name)).toEqual(["Pro", "Basic"]);
    expect(link.products[0]?.prices[0]).toMatchObject({ amountType: "fixed", priceAmount: 1000 });
    expect(link.products[0]?.benefits).toEqual([
      expect.objectContaining({ id: benefit.body.id, description: "Priority support", type: "custom" }),
    ]);
    expect(JSON.stringify((await acme.api.get(`/v1/checkout-links/${link.id}`)).body.products[0].benefits)).not.toContain("secret");
    expect(link.discount).toMatchObject({ id: discountId, code: "TEN", basisPoints: 1000 });
  });

  it("accepts the single product_id and product_price_id variants, and makes unique secrets", async () => {
    const acme = await merchant();
    const pro = await product(acme);
    const byProduct = await acme.sdk.checkoutLinks.create({ paymentProcessor: "stripe", productId: pro.id, allowDiscountCodes: false });
    expect(byProduct.products.map((p) => p.id)).toEqual([pro.id]);
    expect(byProduct).toMatchObject({ allowDiscountCodes: false, discount: null, discountId: null, label: null, successUrl: null });
    const byPrice = await acme.sdk.checkoutLinks.create({
      paymentProcessor: "stripe",
      productPriceId: pro.priceId,
      trialInterval: "week",
      trialIntervalCount: 2,
    });
    expect(byPrice.products.map((p) => p.id)).toEqual([pro.id]);
    expect(byPrice).toMatchObject({ trialInterval: "week", trialIntervalCount: 2 });
    expect(byPrice.clientSecret).not.toBe(byProduct.clientSecret);
  });

  it("creates, gets and lists through SDK 1.x", async () => {
    const acme = await merchant();
    const pro = await product(acme);
    const created = (await acme.sdk1.checkoutLinks.create({
      payment_processor: "stripe",
      products: [pro.id],
      label: "One",
    } as never)) as Json;
    expect(created).toMatchObject({ label: "One", seats: null, discount: null, payment_processor: "stripe" });
    expect(created.products[0].id).toBe(pro.id);
    expect((await acme.sdk1.checkoutLinks.get(created.id)) as Json).toEqual(created);
    const listed = (await acme.sdk1.checkoutLinks.list({ limit: 5 })) as Json;
    expect(listed.items.map((l: Json) => l.id)).toEqual([created.id]);
    expect(listed.pagination).toEqual({ total_count: 1, max_page: 1 });
  });

  it("returns 422 for another organization's product or discount, an archived product, bad URLs or no products, and creates nothing", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const mine = await product(acme);
    const archived = await product(acme, "Old plan");
    expect((await acme.api.patch(`/v1/products/${archived.id}`, { is_archived: true })).status).toBe(200);
    const foreignProduct = await product(globex);
    const foreignDiscount = await discount(globex);
    const post = (body: object) => acme.api.post("/v1/checkout-links/", { payment_processor: "stripe", ...body });

    const cases: [object, (string | number)[]][] = [
      [{ products: [mine.id, foreignProduct.id] }, ["body", "products", 1]],
      [{ products: [archived.id] }, ["body", "products", 0]],
      [{ product_id: foreignProduct.id }, ["body", "product_id"]],
      [{ product_price_id: foreignProduct.priceId }, ["body", "product_price_id"]],
      [{ products: [mine.id], discount_id: foreignDiscount }, ["body", "discount_id"]],
      [{ products: [mine.id], success_url: "/thanks" }, ["body", "success_url"]],
      [{ products: [mine.id], success_url: "ftp://shop.example/x" }, ["body", "success_url"]],
      [{ products: [mine.id], return_url: "not a url" }, ["body", "return_url"]],
      [{ products: [] }, ["body", "products"]],
      [{}, ["body", "products"]],
      [{ products: [mine.id], trial_interval: "month" }, ["body", "trial_interval_count"]],
      [{ products: [mine.id], seats: 3 }, ["body", "seats"]],
    ];
    for (const [body, loc] of cases) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.detail[0].loc, JSON.stringify(body)).toEqual(loc);
    }
    expect((await post({ products: [mine.id], payment_processor: "paypal" })).status).toBe(422);
    expect(await countLinks(acme.organizationId)).toBe(0);
  });

  it("returns 403 to a token without checkout_links:write", async () => {
    const acme = await merchant();
    const pro = await product(acme);
    const reader = apiClient(server.url, await acme.tokenWithScopes(["checkout_links:read"]));
    const answer = await reader.post("/v1/checkout-links/", { payment_processor: "stripe", products: [pro.id] });
    expect(answer.status).toBe(403);
    expect((await reader.get("/v1/checkout-links/")).status).toBe(200);
    const unrelated = apiClient(server.url, await acme.tokenWithScopes(["discounts:read"]));
    expect((await unrelated.get("/v1/checkout-links/")).status).toBe(403);
  });
});

describe("GET /v1/checkout-links/{id}", () => {
  it("returns the link through SDK 0.47, and 404 to another organization, which does not list it", async () => {
    const acme = await merchant();
    const pro = await product(acme);
    const created = await acme.sdk.checkoutLinks.create({ paymentProcessor: "stripe", products: [pro.id] });
    expect(await acme.sdk.checkoutLinks.get({ id: created.id })).toEqual(created);
    const globex = await merchant("Globex");
    const foreign = await globex.api.get(`/v1/checkout-links/${created.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "ResourceNotFound", detail: "Checkout link not found" });
    expect((await globex.api.get("/v1/checkout-links/")).body.items).toEqual([]);
  });
});

describe("GET /v1/checkout-links/", () => {
  it("filters by product, sorts and paginates", async () => {
    const acme = await merchant();
    const basic = await product(acme, "Basic");
    const pro = await product(acme, "Pro");
    const make = (label: string, products: string[]) =>
      acme.api.post("/v1/checkout-links/", { payment_processor: "stripe", label, products });
    await make("Charlie", [basic.id]);
    await make("Alpha", [pro.id]);
    await make("Bravo", [basic.id, pro.id]);

    const defaultOrder = await acme.sdk.checkoutLinks.list({});
    expect(defaultOrder.result.items.map((l) => l.label)).toEqual(["Charlie", "Alpha", "Bravo"]);
    const byProduct = await acme.sdk.checkoutLinks.list({ productId: pro.id, sorting: ["label"] });
    expect(byProduct.result.items.map((l) => l.label)).toEqual(["Alpha", "Bravo"]);
    const either = await acme.api.get(`/v1/checkout-links/?product_id=${pro.id}&product_id=${basic.id}&sorting=-label`);
    expect(either.body.items.map((l: Json) => l.label)).toEqual(["Charlie", "Bravo", "Alpha"]);
    const page2 = await acme.sdk.checkoutLinks.list({ sorting: ["label"], limit: 2, page: 2 });
    expect(page2.result.items.map((l) => l.label)).toEqual(["Charlie"]);
    expect(page2.result.pagination).toEqual({ totalCount: 3, maxPage: 2 });
    expect((await acme.api.get("/v1/checkout-links/?sorting=price")).status).toBe(422);
  });
});

describe("PATCH /v1/checkout-links/{id}", () => {
  it("updates fields partially through SDK 0.47 and keeps the secret", async () => {
    const acme = await merchant();
    const basic = await product(acme, "Basic");
    const pro = await product(acme, "Pro");
    const discountId = await discount(acme);
    const created = await acme.sdk.checkoutLinks.create({
      paymentProcessor: "stripe",
      products: [basic.id],
      label: "Old",
      successUrl: "https://a.example/",
    });
    const updated = await acme.sdk.checkoutLinks.update({
      id: created.id,
      checkoutLinkUpdate: { products: [pro.id, basic.id], discountId, allowDiscountCodes: false, metadata: { v: 2 } },
    });
    expect(updated).toMatchObject({
      label: "Old",
      successUrl: "https://a.example/",
      discountId,
      allowDiscountCodes: false,
      metadata: { v: 2 },
      clientSecret: created.clientSecret,
    });
    expect(updated.products.map((p) => p.name)).toEqual(["Pro", "Basic"]);
    expect(updated.discount?.id).toBe(discountId);
    expect(updated.modifiedAt).toBeInstanceOf(Date);
    const cleared = await acme.api.patch(`/v1/checkout-links/${created.id}`, { label: null, success_url: null, discount_id: null });
    expect(cleared.body).toMatchObject({ label: null, success_url: null, discount_id: null, discount: null, allow_discount_codes: false });
  });

  it("returns 422 for a foreign product or discount or a bad URL, leaving the link as it was; 404 for another organization; 403 without the scope", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const mine = await product(acme);
    const foreign = await product(globex);
    const foreignDiscount = await discount(globex);
    const created = (await acme.api.post("/v1/checkout-links/", { payment_processor: "stripe", products: [mine.id], label: "Keep" })).body;
    for (const body of [{ products: [foreign.id] }, { discount_id: foreignDiscount }, { success_url: "mailto:x@y.z" }, { products: [] }]) {
      expect((await acme.api.patch(`/v1/checkout-links/${created.id}`, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await acme.api.get(`/v1/checkout-links/${created.id}`)).body).toEqual(created);
    expect((await globex.api.patch(`/v1/checkout-links/${created.id}`, { label: "Stolen" })).status).toBe(404);
    const reader = apiClient(server.url, await acme.tokenWithScopes(["checkout_links:read"]));
    expect((await reader.patch(`/v1/checkout-links/${created.id}`, { label: "Nope" })).status).toBe(403);
  });
});

describe("DELETE /v1/checkout-links/{id}", () => {
  it("deletes through SDK 0.47; another organization gets 404", async () => {
    const acme = await merchant();
    const pro = await product(acme);
    const created = await acme.sdk.checkoutLinks.create({ paymentProcessor: "stripe", products: [pro.id] });
    const globex = await merchant("Globex");
    expect((await globex.api.delete(`/v1/checkout-links/${created.id}`)).status).toBe(404);
    await acme.sdk.checkoutLinks.delete({ id: created.id });
    expect((await acme.api.get(`/v1/checkout-links/${created.id}`)).status).toBe(404);
    expect((await acme.api.delete(`/v1/checkout-links/${created.id}`)).status).toBe(404);
    expect((await acme.api.get("/v1/checkout-links/")).body.items).toEqual([]);
    const reader = apiClient(server.url, await acme.tokenWithScopes(["checkout_links:read"]));
    expect((await reader.delete(`/v1/checkout-links/${created.id}`)).status).toBe(403);
  });

  it("detaches a deleted discount from the links that applied it", async () => {
    const acme = await merchant();
    const pro = await product(acme);
    const discountId = await discount(acme);
    const created = (
      await acme.api.post("/v1/checkout-links/", { payment_processor: "stripe", products: [pro.id], discount_id: discountId })
    ).body;
    expect(created.discount.id).toBe(discountId);
    expect((await acme.api.delete(`/v1/discounts/${discountId}`)).status).toBe(204);
    expect((await acme.api.get(`/v1/checkout-links/${created.id}`)).body).toMatchObject({ discount_id: null, discount: null });
  });
});
