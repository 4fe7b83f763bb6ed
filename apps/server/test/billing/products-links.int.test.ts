import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { productsByIds } from "../../src/billing/products/products.repository.ts";
import { apiClient, type Merchant, useBillingServer } from "../support/billing.ts";

// Metered prices, benefits, media files and custom fields: the parts of a product owned by other domains.
const filesDir = mkdtempSync(join(tmpdir(), "gatehouse-product-files-"));
const { server, merchant } = useBillingServer({ FILES_DIR: filesDir });
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever the API answered.
type Json = any;

async function created(answer: Promise<{ status: number; body: Json }>): Promise<Json> {
  const { status, body } = await answer;
  if (status !== 201 && status !== 200) throw new Error(`setup failed: ${status} ${JSON.stringify(body)}`);
  return body;
}

const meter = (m: Merchant, name = "API calls") =>
  created(
    m.api.post("/v1/meters/", {
      name,
      filter: { conjunction: "and", clauses: [{ property: "name", operator: "eq", value: "api.call" }] },
      aggregation: { func: "count" },
    }),
  );
const benefit = (m: Merchant, description = "Sticker pack") =>
  created(m.api.post("/v1/benefits/", { type: "custom", description, properties: {} }));
const customField = (m: Merchant, slug = "company") =>
  created(m.api.post("/v1/custom-fields/", { type: "text", slug, name: "Company", properties: {} }));

/** A product_media (or other service) file, uploaded in one part unless `upload` is false. */
async function mediaFile(m: Merchant, service = "product_media", upload = true): Promise<Json> {
  const bytes = new TextEncoder().encode(`image bytes ${Math.random()}`);
  const sha = createHash("sha256").update(bytes).digest("base64");
  const file = await created(
    m.api.post("/v1/files/", {
      name: "cover.png",
      mime_type: "image/png",
      service,
      size: bytes.length,
      checksum_sha256_base64: sha,
      upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: bytes.length, checksum_sha256_base64: sha }] },
    }),
  );
  if (!upload) return file;
  const part = file.upload.parts[0];
  const put = await fetch(part.url, { method: "PUT", body: bytes, headers: part.headers });
  const parts = [{ number: 1, checksum_etag: put.headers.get("etag"), checksum_sha256_base64: sha }];
  return created(m.api.post(`/v1/files/${file.id}/uploaded`, { id: file.upload.id, path: file.upload.path, parts }));
}

const fixed = { amount_type: "fixed", price_amount: 1000 };

describe("metered prices", () => {
  it("creates a recurring product with a fixed and a metered price, embedding the meter (SDK 0.47)", async () => {
    const acme = await merchant();
    const calls = await meter(acme);
    const product = await acme.sdk.products.create({
      name: "Usage plan",
      recurringInterval: "month",
      prices: [
        { amountType: "fixed", priceAmount: 1000 },
        { amountType: "metered_unit", meterId: calls.id, unitAmount: 0.5, capAmount: 100000 },
      ],
    });
    const metered = product.prices.find((price) => price.amountType === "metered_unit") as Json;
    expect(metered).toMatchObject({
      unitAmount: "0.5",
      capAmount: 100000,
      meterId: calls.id,
      meter: { id: calls.id, name: "API calls", unit: "scalar" },
    });
    const fetched = (await acme.sdk1.products.get(product.id)) as Json;
    expect(fetched.prices[1]).toMatchObject({ amount_type: "metered_unit", unit_amount: "0.5", meter_id: calls.id });

    const decimals = await acme.api.post("/v1/products/", {
      name: "Tokens",
      recurring_interval: "month",
      prices: [{ amount_type: "metered_unit", meter_id: calls.id, unit_amount: "0.000123000" }],
    });
    expect(decimals.status).toBe(201);
    expect(decimals.body.prices[0].unit_amount).toBe("0.000123");
  });

  it("returns 422 for another organization's meter or the same meter twice, and creates nothing", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const foreign = await meter(globex);
    const own = await meter(acme);
    const answer = await acme.api.post("/v1/products/", {
      name: "Usage plan",
      recurring_interval: "month",
      prices: [{ amount_type: "metered_unit", meter_id: foreign.id, unit_amount: 1 }],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].loc).toEqual(["body", "prices", 0, "meter_id"]);
    const twice = await acme.api.post("/v1/products/", {
      name: "Usage plan",
      recurring_interval: "month",
      prices: [
        { amount_type: "metered_unit", meter_id: own.id, unit_amount: 1 },
        { amount_type: "metered_unit", meter_id: own.id, unit_amount: 2 },
      ],
    });
    expect(twice.status).toBe(422);
    expect((await acme.api.get("/v1/products/")).body.pagination.total_count).toBe(0);
  });
});

describe("metered prices on update", () => {
  it("adds and replaces metered prices on a recurring product, and refuses them on a one-time product", async () => {
    const acme = await merchant();
    const calls = await meter(acme);
    const storage = await meter(acme, "Storage");
    const plan = await created(acme.api.post("/v1/products/", { name: "Usage plan", recurring_interval: "month", prices: [fixed] }));
    const fixedId = plan.prices[0].id;
    const added = await acme.sdk.products.update({
      id: plan.id,
      productUpdate: { prices: [{ id: fixedId }, { amountType: "metered_unit", meterId: calls.id, unitAmount: "2" }] },
    });
    expect(added.prices.map((price) => price.amountType)).toEqual(["fixed", "metered_unit"]);
    const replaced = await acme.api.patch(`/v1/products/${plan.id}`, {
      prices: [{ id: fixedId }, { amount_type: "metered_unit", meter_id: storage.id, unit_amount: 3 }],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.prices.map((price: Json) => price.meter?.name ?? price.amount_type)).toEqual(["fixed", "Storage"]);
    const archived = await server.deps.db
      .selectFrom("product_price")
      .select(["meter_id", "is_archived"])
      .where("product_id", "=", plan.id)
      .where("meter_id", "=", calls.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(archived.is_archived)).toBe(true);

    const oneTime = await created(acme.api.post("/v1/products/", { name: "Lifetime", prices: [fixed] }));
    const refused = await acme.api.patch(`/v1/products/${oneTime.id}`, {
      prices: [{ id: oneTime.prices[0].id }, { amount_type: "metered_unit", meter_id: calls.id, unit_amount: 1 }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0].loc).toEqual(["body", "prices", 1]);
  });
});

describe("POST /v1/products/{id}/benefits", () => {
  it("replaces the product's benefits, in order, answering full benefit objects (SDK 0.47)", async () => {
    const acme = await merchant();
    const product = await created(acme.api.post("/v1/products/", { name: "Pro plan", recurring_interval: "month", prices: [fixed] }));
    const stickers = await benefit(acme, "Sticker pack");
    const mug = await benefit(acme, "Mug");
    const updated = await acme.sdk.products.updateBenefits({ id: product.id, productBenefitsUpdate: { benefits: [mug.id, stickers.id] } });
    expect(updated.benefits.map((b) => [b.id, b.description, b.type])).toEqual([
      [mug.id, "Mug", "custom"],
      [stickers.id, "Sticker pack", "custom"],
    ]);
    const narrowed = await acme.api.post(`/v1/products/${product.id}/benefits`, { benefits: [stickers.id] });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.benefits.map((b: Json) => b.id)).toEqual([stickers.id]);

    const withBenefit = await acme.sdk.products.list({ benefitId: stickers.id });
    expect(withBenefit.result.items.map((p) => p.id)).toEqual([product.id]);
    expect((await acme.api.get(`/v1/products/?benefit_id=${mug.id}`)).body.items).toEqual([]);

    const cleared = await acme.api.post(`/v1/products/${product.id}/benefits`, { benefits: [] });
    expect(cleared.body.benefits).toEqual([]);
  });

  it("returns 422 for another organization's benefit and keeps the benefits as they were", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const product = await created(acme.api.post("/v1/products/", { name: "Pro plan", prices: [fixed] }));
    const own = await benefit(acme);
    const foreign = await benefit(globex);
    await acme.api.post(`/v1/products/${product.id}/benefits`, { benefits: [own.id] });
    const answer = await acme.api.post(`/v1/products/${product.id}/benefits`, { benefits: [own.id, foreign.id] });
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual([{ loc: ["body", "benefits", 1], msg: expect.any(String), type: "value_error" }]);
    expect((await acme.api.get(`/v1/products/${product.id}`)).body.benefits.map((b: Json) => b.id)).toEqual([own.id]);
  });

  it("answers 404 for another organization's product and 403 without products:write", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const product = await created(acme.api.post("/v1/products/", { name: "Pro plan", prices: [fixed] }));
    expect((await globex.api.post(`/v1/products/${product.id}/benefits`, { benefits: [] })).status).toBe(404);
    const reader = apiClient(server.url, await acme.tokenWithScopes(["products:read", "benefits:read"]));
    expect((await reader.post(`/v1/products/${product.id}/benefits`, { benefits: [] })).status).toBe(403);
  });
});

describe("medias and attached custom fields", () => {
  it("attaches uploaded media files and custom fields in order, on create and update (SDK 0.47)", async () => {
    const acme = await merchant();
    const [cover, screenshot] = [await mediaFile(acme), await mediaFile(acme)];
    const [company, vat] = [await customField(acme, "company"), await customField(acme, "vat")];
    const product = await acme.sdk.products.create({
      name: "Pro plan",
      prices: [{ amountType: "fixed", priceAmount: 1000 }],
      medias: [screenshot.id, cover.id],
      attachedCustomFields: [
        { customFieldId: vat.id, required: true },
        { customFieldId: company.id, required: false },
      ],
    });
    expect(product.medias.map((media) => [media.id, media.service, media.isUploaded])).toEqual([
      [screenshot.id, "product_media", true],
      [cover.id, "product_media", true],
    ]);
    expect(product.attachedCustomFields.map((f) => [f.customFieldId, f.customField.slug, f.order, f.required])).toEqual([
      [vat.id, "vat", 0, true],
      [company.id, "company", 1, false],
    ]);
    const updated = await acme.sdk.products.update({
      id: product.id,
      productUpdate: { medias: [cover.id], attachedCustomFields: [{ customFieldId: company.id, required: true }] },
    });
    expect(updated.medias.map((media) => media.id)).toEqual([cover.id]);
    expect(updated.attachedCustomFields.map((f) => [f.customFieldId, f.required])).toEqual([[company.id, true]]);

    const fromContract = (await productsByIds(server.deps.db, acme.organizationId, [product.id])).get(product.id);
    expect(fromContract?.medias.map((media) => media.id)).toEqual([cover.id]);
    expect(await productsByIds(server.deps.db, acme.organizationId, ["00000000-0000-4000-8000-000000000000"])).toEqual(new Map());
  });

  it("returns 422 for files that are not uploaded product media of this organization, and for unknown custom fields", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const notUploaded = await mediaFile(acme, "product_media", false);
    const downloadable = await mediaFile(acme, "downloadable");
    const foreignFile = await mediaFile(globex);
    const foreignField = await customField(globex);
    for (const id of [notUploaded.id, downloadable.id, foreignFile.id]) {
      const answer = await acme.api.post("/v1/products/", { name: "Pro plan", prices: [fixed], medias: [id] });
      expect(answer.status).toBe(422);
      expect(answer.body.detail[0].loc).toEqual(["body", "medias", 0]);
    }
    const field = await acme.api.post("/v1/products/", {
      name: "Pro plan",
      prices: [fixed],
      attached_custom_fields: [{ custom_field_id: foreignField.id, required: true }],
    });
    expect(field.status).toBe(422);
    expect(field.body.detail[0].loc).toEqual(["body", "attached_custom_fields", 0, "custom_field_id"]);
    expect((await acme.api.get("/v1/products/")).body.pagination.total_count).toBe(0);

    const product = await created(acme.api.post("/v1/products/", { name: "Pro plan", prices: [fixed] }));
    const update = await acme.api.patch(`/v1/products/${product.id}`, { name: "Changed", medias: [foreignFile.id] });
    expect(update.status).toBe(422);
    expect((await acme.api.get(`/v1/products/${product.id}`)).body).toMatchObject({ name: "Pro plan", medias: [] });
  });
});
