import { describe, expect, it } from "vitest";
import { type Merchant, useBillingServer } from "../support/billing.ts";

/**
 * The catalog's write operations through SDK 1.x (API version 2026-04). This SDK validates nothing and
 * hands back the wire's snake_case JSON, so the assertions read the raw objects a 1.x integration sees.
 * Create/get/list through 1.x live in each domain's own file.
 */
const { merchant } = useBillingServer();

// biome-ignore lint/suspicious/noExplicitAny: SDK 1.x answers untyped JSON.
type Json = any;

/** SDK 1.x rejects with its ResourceNotFound, whose status is what a caller branches on. */
async function statusOfRejection(call: Promise<unknown>): Promise<number> {
  const error = (await call.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  )) as { statusCode?: number; name?: string };
  return error.statusCode ?? -1;
}

const product = async (m: Merchant): Promise<Json> => {
  const answer = await m.api.post("/v1/products/", { name: "Pro", prices: [{ amount_type: "fixed", price_amount: 900 }] });
  expect(answer.status).toBe(201);
  return answer.body;
};

describe("products through SDK 1.x", () => {
  it("updateBenefits attaches benefits in the given order and detaches them again", async () => {
    const acme = await merchant();
    const pro = await product(acme);
    const mug = (await acme.sdk1.benefits.create({ type: "custom", description: "Mug", properties: {} } as never)) as Json;
    const stickers = (await acme.sdk1.benefits.create({ type: "custom", description: "Stickers", properties: {} } as never)) as Json;
    const updated = (await acme.sdk1.products.updateBenefits(pro.id, { benefits: [stickers.id, mug.id] })) as Json;
    expect(updated.id).toBe(pro.id);
    expect(updated.benefits.map((b: Json) => [b.id, b.description, b.type])).toEqual([
      [stickers.id, "Stickers", "custom"],
      [mug.id, "Mug", "custom"],
    ]);
    expect(((await acme.sdk1.products.get(pro.id)) as Json).benefits.map((b: Json) => b.id)).toEqual([stickers.id, mug.id]);
    const cleared = (await acme.sdk1.products.updateBenefits(pro.id, { benefits: [] })) as Json;
    expect(cleared.benefits).toEqual([]);
  });
});

describe("benefits through SDK 1.x", () => {
  it("update changes description and metadata, and answers the snake_case benefit", async () => {
    const acme = await merchant();
    const created = (await acme.sdk1.benefits.create({ type: "custom", description: "Sticker pack", properties: {} } as never)) as Json;
    const updated = (await acme.sdk1.benefits.update(created.id, {
      type: "custom",
      description: "Sticker bundle",
      metadata: { tier: "gold" },
      properties: { note: "Ships in a week" },
    } as never)) as Json;
    expect(updated).toMatchObject({
      id: created.id,
      type: "custom",
      description: "Sticker bundle",
      metadata: { tier: "gold" },
      properties: { note: "Ships in a week" },
      organization_id: acme.organizationId,
    });
    expect(typeof updated.modified_at).toBe("string");
    expect(await acme.sdk1.benefits.get(created.id)).toEqual(updated);
  });

  it("grants answers an empty page in the wire's pagination shape", async () => {
    const acme = await merchant();
    const created = (await acme.sdk1.benefits.create({ type: "custom", description: "Mug", properties: {} } as never)) as Json;
    expect(await acme.sdk1.benefits.grants(created.id, { is_granted: true })).toEqual({
      items: [],
      pagination: { total_count: 0, max_page: 0 },
    });
  });

  it("delete removes the benefit: get then rejects with 404 and the list is empty", async () => {
    const acme = await merchant();
    const created = (await acme.sdk1.benefits.create({ type: "custom", description: "Short-lived", properties: {} } as never)) as Json;
    expect(await acme.sdk1.benefits.delete(created.id)).toBeUndefined();
    expect(await statusOfRejection(acme.sdk1.benefits.get(created.id))).toBe(404);
    expect(((await acme.sdk1.benefits.list({})) as Json).items).toEqual([]);
  });
});

describe("custom fields through SDK 1.x", () => {
  it("update renames a select field and replaces its options", async () => {
    const acme = await merchant();
    const smallAndLarge = [
      { value: "s", label: "Small" },
      { value: "l", label: "Large" },
    ];
    const created = (await acme.sdk1.customFields.create({
      type: "select",
      slug: "size",
      name: "Size",
      properties: { options: [{ value: "s", label: "Small" }] },
    } as never)) as Json;
    const updated = (await acme.sdk1.customFields.update(created.id, {
      type: "select",
      name: "T-shirt size",
      properties: { options: smallAndLarge },
    } as never)) as Json;
    expect(updated).toMatchObject({
      id: created.id,
      type: "select",
      slug: "size",
      name: "T-shirt size",
      properties: { options: smallAndLarge },
    });
    expect(await acme.sdk1.customFields.get(created.id)).toEqual(updated);
  });

  it("delete removes the field and frees its slug", async () => {
    const acme = await merchant();
    const created = (await acme.sdk1.customFields.create({
      type: "checkbox",
      slug: "terms",
      name: "Terms",
      properties: {},
    } as never)) as Json;
    expect(await acme.sdk1.customFields.delete(created.id)).toBeUndefined();
    expect(await statusOfRejection(acme.sdk1.customFields.get(created.id))).toBe(404);
    const again = (await acme.sdk1.customFields.create({
      type: "checkbox",
      slug: "terms",
      name: "Terms",
      properties: {},
    } as never)) as Json;
    expect(again.id).not.toBe(created.id);
  });
});

describe("discounts through SDK 1.x", () => {
  it("update renames and recodes a discount", async () => {
    const acme = await merchant();
    const created = (await acme.sdk1.discounts.create({
      type: "percentage",
      basis_points: 1500,
      duration: "once",
      name: "Launch",
      code: "LAUNCH",
    } as never)) as Json;
    const updated = (await acme.sdk1.discounts.update(created.id, {
      name: "Relaunch",
      code: "AGAIN",
      max_redemptions: 5,
    } as never)) as Json;
    expect(updated).toMatchObject({
      id: created.id,
      type: "percentage",
      basis_points: 1500,
      duration: "once",
      name: "Relaunch",
      code: "AGAIN",
      max_redemptions: 5,
      redemptions_count: 0,
    });
    expect(await acme.sdk1.discounts.get(created.id)).toEqual(updated);
  });

  it("delete removes the discount and frees its code", async () => {
    const acme = await merchant();
    const body = { type: "fixed", amount: 500, currency: "usd", duration: "forever", name: "Five off", code: "FIVE" };
    const created = (await acme.sdk1.discounts.create(body as never)) as Json;
    expect(await acme.sdk1.discounts.delete(created.id)).toBeUndefined();
    expect(await statusOfRejection(acme.sdk1.discounts.get(created.id))).toBe(404);
    expect(((await acme.sdk1.discounts.list({})) as Json).items).toEqual([]);
    expect(((await acme.sdk1.discounts.create(body as never)) as Json).code).toBe("FIVE");
  });
});

describe("checkout links through SDK 1.x", () => {
  it("update relabels a link and swaps its products", async () => {
    const acme = await merchant();
    const first = await product(acme);
    const second = await product(acme);
    const created = (await acme.sdk1.checkoutLinks.create({
      payment_processor: "stripe",
      products: [first.id],
      label: "Old",
    } as never)) as Json;
    const updated = (await acme.sdk1.checkoutLinks.update(created.id, {
      label: "New",
      products: [second.id],
      allow_discount_codes: false,
      success_url: "https://acme.test/thanks",
    } as never)) as Json;
    expect(updated).toMatchObject({
      id: created.id,
      label: "New",
      allow_discount_codes: false,
      success_url: "https://acme.test/thanks",
      client_secret: created.client_secret,
    });
    expect(updated.products.map((p: Json) => p.id)).toEqual([second.id]);
    expect(await acme.sdk1.checkoutLinks.get(created.id)).toEqual(updated);
  });

  it("delete removes the link: get then rejects with 404", async () => {
    const acme = await merchant();
    const pro = await product(acme);
    const created = (await acme.sdk1.checkoutLinks.create({ payment_processor: "stripe", products: [pro.id] } as never)) as Json;
    expect(await acme.sdk1.checkoutLinks.delete(created.id)).toBeUndefined();
    expect(await statusOfRejection(acme.sdk1.checkoutLinks.get(created.id))).toBe(404);
    expect(((await acme.sdk1.checkoutLinks.list({})) as Json).items).toEqual([]);
  });
});
