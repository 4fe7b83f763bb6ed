import type { Kysely, Updateable } from "kysely";
import { type SelectQueryBuilder, sql } from "kysely";
import type { DB, ProductTable } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { encodeMetadata, whereMetadata } from "../api/metadata.ts";
import { paginate } from "../api/pagination.ts";
import { polarErrors, type ValidationIssue } from "../api/polar-errors.ts";
import { applySorting } from "../api/sorting.ts";
import { containsInsensitive } from "../api/sql.ts";
import type { Tenant } from "../api/tenant.ts";
import { benefitsByIds } from "../benefits/benefits.repository.ts";
import { customFieldsByIds } from "../custom-fields/custom-fields.repository.ts";
import { filesByIds } from "../files/files.repository.ts";
import { emitWebhookEvent } from "../webhooks/webhooks.emit.ts";
import { checkNewPrices, checkPriceSet, type PriceShape, priceRow, shapeOfRow } from "./products.prices.ts";
import {
  archivePricesExcept,
  findProductRow,
  hydrateProducts,
  insertPrices,
  insertProduct,
  type ProductRow,
  pricesOfProducts,
  productsByIds,
  productsOf,
  replaceLinks,
  updateProductRow,
} from "./products.repository.ts";
import type { ListProductsQueryIn, ProductCreateIn, ProductOut, ProductPriceCreateIn, ProductUpdateIn } from "./products.schemas.ts";

type Services = Pick<Deps, "db" | "dialect" | "clock" | "ids">;
type Loc = (string | number)[];

const unique = <T>(items: readonly T[]) => [...new Set(items)];

async function loadProduct(db: Kysely<DB>, organizationId: string, id: string): Promise<ProductOut> {
  const product = (await productsByIds(db, organizationId, [id])).get(id);
  if (!product) throw polarErrors.notFound();
  return product;
}

/**
 * Reads the product as the API answers it, inside the change's transaction, and records the webhook
 * event there too: the event commits with the change, and the caller gets the same object.
 */
async function productChanged(
  trx: Kysely<DB>,
  deps: Services,
  organizationId: string,
  id: string,
  type: "product.created" | "product.updated",
): Promise<ProductOut> {
  const product = await loadProduct(trx, organizationId, id);
  await emitWebhookEvent(trx, deps, { organizationId, type, data: product });
  return product;
}

/** Media ids must be uploaded product_media files of this organization. */
async function checkMedias(db: Kysely<DB>, organizationId: string, ids: readonly string[]): Promise<string[]> {
  const wanted = unique(ids);
  const files = await filesByIds(db, organizationId, wanted);
  const issues: ValidationIssue[] = [];
  ids.forEach((id, index) => {
    const file = files.get(id);
    if (file?.service !== "product_media" || !file.is_uploaded) {
      issues.push({
        loc: ["body", "medias", index],
        msg: "File does not exist or is not an uploaded product media file.",
        type: "value_error",
      });
    }
  });
  if (issues.length > 0) throw polarErrors.validation(issues);
  return wanted;
}

async function checkCustomFields(
  db: Kysely<DB>,
  organizationId: string,
  fields: readonly { custom_field_id: string; required: boolean }[],
) {
  const found = await customFieldsByIds(db, organizationId, unique(fields.map((field) => field.custom_field_id)));
  const issues: ValidationIssue[] = [];
  fields.forEach((field, index) => {
    if (!found.has(field.custom_field_id)) {
      issues.push({
        loc: ["body", "attached_custom_fields", index, "custom_field_id"],
        msg: "Custom field does not exist.",
        type: "value_error",
      });
    }
  });
  if (issues.length > 0) throw polarErrors.validation(issues);
  // A field given twice is attached once, where it first appears.
  const byId = new Map<string, { id: string; required: boolean }>();
  for (const field of fields)
    if (!byId.has(field.custom_field_id)) byId.set(field.custom_field_id, { id: field.custom_field_id, required: field.required });
  return [...byId.values()];
}

function checkTrial(interval: string | null | undefined, count: number | null | undefined, recurring: boolean): void {
  if ((interval != null || count != null) && !recurring)
    throw polarErrors.invalid(["body", "trial_interval"], "One-time products cannot have a trial.");
  if ((interval == null) !== (count == null)) {
    throw polarErrors.invalid(
      ["body", interval == null ? "trial_interval" : "trial_interval_count"],
      "trial_interval and trial_interval_count must be set together.",
    );
  }
}

/** Replaces the product's media and attached custom fields; a list left out (undefined) stays as it is. */
async function writeAttachments(
  trx: Kysely<DB>,
  organizationId: string,
  productId: string,
  medias: readonly string[] | undefined,
  fields: Awaited<ReturnType<typeof checkCustomFields>> | undefined,
): Promise<void> {
  if (medias)
    await replaceLinks(
      trx,
      organizationId,
      productId,
      "product_media",
      medias.map((media) => ({ id: media })),
    );
  if (fields) await replaceLinks(trx, organizationId, productId, "product_custom_field", fields);
}

export async function createProduct(deps: Services, tenant: Tenant, input: ProductCreateIn): Promise<ProductOut> {
  const organizationId = tenant.organizationId;
  const recurring = input.recurring_interval != null;
  if (!recurring && input.recurring_interval_count != null) {
    throw polarErrors.invalid(["body", "recurring_interval_count"], "One-time products don't have a recurring interval count.");
  }
  if (!recurring && input.meter_interval != null)
    throw polarErrors.invalid(["body", "meter_interval"], "One-time products don't have a meter interval.");
  checkTrial(input.trial_interval, input.trial_interval_count, recurring);
  const loc: Loc = ["body", "prices"];
  checkPriceSet(
    input.prices.map((price, index) => ({
      ...price,
      meter_id: price.amount_type === "metered_unit" ? price.meter_id : null,
      loc: [...loc, index],
    })),
    recurring,
    loc,
  );
  await checkNewPrices(
    deps.db,
    organizationId,
    input.prices.map((price, index) => ({ price, loc: [...loc, index] })),
  );
  const medias = input.medias ? await checkMedias(deps.db, organizationId, input.medias) : [];
  const fields = input.attached_custom_fields ? await checkCustomFields(deps.db, organizationId, input.attached_custom_fields) : [];

  const id = deps.ids.uuid();
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    await insertProduct(trx, {
      id,
      organization_id: organizationId,
      name: input.name,
      description: input.description ?? null,
      visibility: input.visibility,
      recurring_interval: input.recurring_interval ?? null,
      recurring_interval_count: recurring ? (input.recurring_interval_count ?? 1) : null,
      trial_interval: input.trial_interval ?? null,
      trial_interval_count: input.trial_interval_count ?? null,
      meter_interval: input.meter_interval ?? null,
      meter_interval_count: input.meter_interval != null ? (input.meter_interval_count ?? 1) : null,
      is_archived: false,
      metadata: encodeMetadata(input.metadata),
      created_at: now,
      modified_at: null,
    });
    await insertPrices(
      trx,
      input.prices.map((price, position) => priceRow(price, { id: deps.ids.uuid(), organizationId, productId: id, position, now })),
    );
    await writeAttachments(trx, organizationId, id, medias, fields);
    return productChanged(trx, deps, organizationId, id, "product.created");
  });
}

export async function getProduct(deps: Services, tenant: Tenant, id: string): Promise<ProductOut> {
  return loadProduct(deps.db, tenant.organizationId, id);
}

/** The product's prices after an update: kept ones by id, new ones to create; anything else is a 422. */
async function planPrices(
  deps: Services,
  organizationId: string,
  productId: string,
  recurring: boolean,
  prices: NonNullable<ProductUpdateIn["prices"]>,
) {
  const active = await pricesOfProducts(deps.db, organizationId, [productId]);
  const byId = new Map(active.map((row) => [row.id, row]));
  const loc: Loc = ["body", "prices"];
  const kept: string[] = [];
  const created: { price: ProductPriceCreateIn; loc: Loc }[] = [];
  const shapes: PriceShape[] = [];
  prices.forEach((entry, index) => {
    if (!("amount_type" in entry)) {
      const row = byId.get(entry.id);
      if (!row) throw polarErrors.invalid([...loc, index, "id"], "Price does not exist or is archived.");
      if (!kept.includes(row.id)) {
        kept.push(row.id);
        shapes.push(shapeOfRow(row, [...loc, index]));
      }
      return;
    }
    created.push({ price: entry, loc: [...loc, index] });
    shapes.push({ ...entry, meter_id: entry.amount_type === "metered_unit" ? entry.meter_id : null, loc: [...loc, index] });
  });
  checkPriceSet(shapes, recurring, loc);
  await checkNewPrices(deps.db, organizationId, created);
  const nextPosition = active.reduce((max, row) => Math.max(max, Number(row.position)), -1) + 1;
  return { kept, created, nextPosition };
}

export async function updateProduct(deps: Services, tenant: Tenant, id: string, input: ProductUpdateIn): Promise<ProductOut> {
  const organizationId = tenant.organizationId;
  const existing = await findProductRow(deps.db, organizationId, id);
  if (!existing) throw polarErrors.notFound();
  const recurring = existing.recurring_interval !== null;
  if (input.recurring_interval != null && input.recurring_interval !== existing.recurring_interval) {
    throw polarErrors.invalid(["body", "recurring_interval"], "The recurring interval of a product cannot be changed.");
  }
  if (input.recurring_interval_count != null && input.recurring_interval_count !== existing.recurring_interval_count) {
    throw polarErrors.invalid(["body", "recurring_interval_count"], "The recurring interval count of a product cannot be changed.");
  }
  // An explicit null clears the trial; an absent key leaves it.
  const trialInterval = input.trial_interval !== undefined ? input.trial_interval : existing.trial_interval;
  const trialCount = input.trial_interval_count !== undefined ? input.trial_interval_count : existing.trial_interval_count;
  if (input.trial_interval !== undefined || input.trial_interval_count !== undefined) checkTrial(trialInterval, trialCount, recurring);

  const plan = input.prices ? await planPrices(deps, organizationId, id, recurring, input.prices) : undefined;
  const medias = input.medias ? await checkMedias(deps.db, organizationId, input.medias) : undefined;
  const fields = input.attached_custom_fields ? await checkCustomFields(deps.db, organizationId, input.attached_custom_fields) : undefined;

  const now = deps.clock.now().toISOString();
  const changes: Updateable<ProductTable> = { modified_at: now };
  if (input.name != null) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.visibility != null) changes.visibility = input.visibility;
  if (input.is_archived != null) changes.is_archived = input.is_archived;
  if (input.metadata != null) changes.metadata = encodeMetadata(input.metadata);
  if (input.trial_interval !== undefined || input.trial_interval_count !== undefined) {
    changes.trial_interval = trialInterval ?? null;
    changes.trial_interval_count = trialCount ?? null;
  }
  return deps.db.transaction().execute(async (trx) => {
    await updateProductRow(trx, organizationId, id, changes);
    if (plan) {
      await archivePricesExcept(trx, organizationId, id, plan.kept, now);
      await insertPrices(
        trx,
        plan.created.map(({ price }, offset) =>
          priceRow(price, { id: deps.ids.uuid(), organizationId, productId: id, position: plan.nextPosition + offset, now }),
        ),
      );
    }
    await writeAttachments(trx, organizationId, id, medias, fields);
    return productChanged(trx, deps, organizationId, id, "product.updated");
  });
}

export async function updateProductBenefits(
  deps: Services,
  tenant: Tenant,
  id: string,
  benefitIds: readonly string[],
): Promise<ProductOut> {
  const organizationId = tenant.organizationId;
  if (!(await findProductRow(deps.db, organizationId, id))) throw polarErrors.notFound();
  const found = await benefitsByIds(deps.db, organizationId, benefitIds);
  const issues: ValidationIssue[] = benefitIds.flatMap((benefitId, index) =>
    found.has(benefitId) ? [] : [{ loc: ["body", "benefits", index], msg: "Benefit does not exist.", type: "value_error" }],
  );
  if (issues.length > 0) throw polarErrors.validation(issues);
  return deps.db.transaction().execute(async (trx) => {
    await replaceLinks(
      trx,
      organizationId,
      id,
      "product_benefit",
      unique(benefitIds).map((benefit) => ({ id: benefit })),
    );
    await updateProductRow(trx, organizationId, id, { modified_at: deps.clock.now().toISOString() });
    return productChanged(trx, deps, organizationId, id, "product.updated");
  });
}

// Sorting by price looks at the product's static price (fixed, free or custom) that is not archived.
const priceAmountTypeRank = sql<number>`(select min(case pp.amount_type when 'free' then 0 when 'custom' then 1 when 'fixed' then 2 else 3 end) from product_price pp where pp.product_id = product.id and pp.is_archived = ${false})`;
const priceAmount = sql<number>`(select min(coalesce(pp.price_amount, pp.minimum_amount, 0)) from product_price pp where pp.product_id = product.id and pp.is_archived = ${false} and pp.amount_type in ('fixed', 'free', 'custom'))`;

export async function listProducts(deps: Services, tenant: Tenant, query: ListProductsQueryIn, metadata: Map<string, string[]>) {
  const organizationId = tenant.organizationId;
  // biome-ignore lint/suspicious/noExplicitAny: the select grows two computed sort columns.
  let qb: SelectQueryBuilder<any, any, any> = productsOf(deps.db, organizationId).select([
    priceAmountTypeRank.as("sort_price_amount_type"),
    priceAmount.as("sort_price_amount"),
  ]);
  if (query.id) qb = qb.where("product.id", "in", query.id);
  if (query.query) qb = qb.where(containsInsensitive("product.name", query.query));
  if (query.is_archived !== undefined) qb = qb.where("product.is_archived", "=", query.is_archived);
  if (query.is_recurring !== undefined) qb = qb.where("product.recurring_interval", query.is_recurring ? "is not" : "is", null);
  if (query.visibility) qb = qb.where("product.visibility", "in", query.visibility);
  if (query.benefit_id) {
    const benefitIds = query.benefit_id;
    qb = qb.where("product.id", "in", (eb: Kysely<DB>) =>
      eb
        .selectFrom("product_benefit")
        .select("product_id")
        .where("organization_id", "=", organizationId)
        .where("benefit_id", "in", benefitIds),
    );
  }
  qb = whereMetadata(qb, "product.metadata", metadata, deps.dialect);
  const sorted = applySorting(
    qb,
    query.sorting,
    {
      created_at: "product.created_at",
      name: "product.name",
      price_amount_type: "sort_price_amount_type",
      price_amount: "sort_price_amount",
    },
    "product.id",
  );
  const page = await paginate(sorted, query, (row) => row as ProductRow);
  return { ...page, items: await hydrateProducts(deps.db, organizationId, page.items) };
}
