import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { encodeMetadata } from "../api/metadata.ts";
import { paginate } from "../api/pagination.ts";
import { polarErrors, type ValidationIssue } from "../api/polar-errors.ts";
import { applySorting } from "../api/sorting.ts";
import type { Tenant } from "../api/tenant.ts";
import { findDiscountRows } from "../discounts/discounts.repository.ts";
import { productBasesByIds, productPricesByIds } from "../products/products.repository.ts";
import {
  checkoutLinksOf,
  findCheckoutLink,
  insertCheckoutLink,
  replaceCheckoutLinkProducts,
  softDeleteCheckoutLink,
  updateCheckoutLink,
} from "./checkout-links.repository.ts";
import type { CheckoutLinkCreateIn, CheckoutLinkOut, CheckoutLinkUpdateIn, ListCheckoutLinksQueryIn } from "./checkout-links.schemas.ts";
import { serializeCheckoutLinks } from "./checkout-links.serialize.ts";

type Services = Pick<Deps, "db" | "clock" | "ids" | "config">;

/** Polar's prefix, so secrets are recognisable in logs and secret scanners. */
const CLIENT_SECRET_PREFIX = "polar_cl_";

/** Checks that the products exist in the organization and can still be sold; answers them deduplicated. */
async function checkProducts(
  db: Kysely<DB>,
  organizationId: string,
  ids: readonly string[],
  loc: (index: number) => (string | number)[],
  issues: ValidationIssue[],
) {
  const found = await productBasesByIds(db, organizationId, ids);
  for (const [index, id] of ids.entries()) {
    const product = found.get(id);
    if (!product) issues.push({ loc: loc(index), msg: `Product ${id} does not exist.`, type: "value_error" });
    else if (product.is_archived) issues.push({ loc: loc(index), msg: `Product ${id} is archived.`, type: "value_error" });
  }
  return [...new Set(ids)];
}

async function checkDiscount(
  db: Kysely<DB>,
  organizationId: string,
  id: string | null | undefined,
  issues: ValidationIssue[],
): Promise<void> {
  if (!id) return;
  const [found] = await findDiscountRows(db, organizationId, [id]);
  if (!found) issues.push({ loc: ["body", "discount_id"], msg: `Discount ${id} does not exist.`, type: "value_error" });
}

/** A trial needs both its unit and its count; half of one is a mistake worth pointing out. */
function checkTrial(interval: string | null, count: number | null, issues: ValidationIssue[]): void {
  if ((interval === null) !== (count === null)) {
    issues.push({
      loc: ["body", interval === null ? "trial_interval" : "trial_interval_count"],
      msg: "trial_interval and trial_interval_count go together.",
      type: "value_error",
    });
  }
}

/** Seats lock a checkout to seat-based pricing, which no product price offers yet. */
function checkSeats(seats: number | null | undefined, issues: ValidationIssue[]): void {
  if (seats !== null && seats !== undefined) {
    issues.push({ loc: ["body", "seats"], msg: "All products on the link must use seat-based pricing.", type: "value_error" });
  }
}

function throwIfAny(issues: ValidationIssue[]): void {
  if (issues.length > 0) throw polarErrors.validation(issues);
}

async function loadOne(deps: Services, organizationId: string, id: string): Promise<CheckoutLinkOut> {
  const row = await findCheckoutLink(deps.db, organizationId, id);
  const [link] = row ? await serializeCheckoutLinks(deps.db, deps.config.baseUrl, organizationId, [row]) : [];
  if (!link) throw polarErrors.notFound("Checkout link not found");
  return link;
}

/** The product ids a create names, whichever of Polar's three variants it uses. */
async function requestedProducts(
  deps: Services,
  organizationId: string,
  input: CheckoutLinkCreateIn,
  issues: ValidationIssue[],
): Promise<string[]> {
  if (input.products) return checkProducts(deps.db, organizationId, input.products, (index) => ["body", "products", index], issues);
  if (input.product_id) return checkProducts(deps.db, organizationId, [input.product_id], () => ["body", "product_id"], issues);
  const priceId = input.product_price_id ?? "";
  const price = (await productPricesByIds(deps.db, organizationId, [priceId])).get(priceId);
  if (!price || price.is_archived) {
    issues.push({ loc: ["body", "product_price_id"], msg: `Price ${priceId} does not exist.`, type: "value_error" });
    return [];
  }
  return checkProducts(deps.db, organizationId, [price.product_id], () => ["body", "product_price_id"], issues);
}

export async function createCheckoutLink(deps: Services, tenant: Tenant, input: CheckoutLinkCreateIn): Promise<CheckoutLinkOut> {
  const { organizationId } = tenant;
  const issues: ValidationIssue[] = [];
  const productIds = await requestedProducts(deps, organizationId, input, issues);
  await checkDiscount(deps.db, organizationId, input.discount_id, issues);
  checkTrial(input.trial_interval ?? null, input.trial_interval_count ?? null, issues);
  checkSeats(input.seats, issues);
  throwIfAny(issues);

  const id = deps.ids.uuid();
  await deps.db.transaction().execute(async (trx) => {
    await insertCheckoutLink(trx, {
      id,
      organization_id: organizationId,
      client_secret: `${CLIENT_SECRET_PREFIX}${randomBytes(32).toString("base64url")}`,
      payment_processor: input.payment_processor,
      label: input.label ?? null,
      success_url: input.success_url ?? null,
      return_url: input.return_url ?? null,
      allow_discount_codes: input.allow_discount_codes,
      require_billing_address: input.require_billing_address,
      discount_id: input.discount_id ?? null,
      trial_interval: input.trial_interval ?? null,
      trial_interval_count: input.trial_interval_count ?? null,
      seats: null,
      metadata: encodeMetadata(input.metadata),
      created_at: deps.clock.now().toISOString(),
      modified_at: null,
      deleted_at: null,
    });
    await replaceCheckoutLinkProducts(trx, organizationId, id, productIds);
  });
  return loadOne(deps, organizationId, id);
}

export const getCheckoutLink = (deps: Services, tenant: Tenant, id: string) => loadOne(deps, tenant.organizationId, id);

export async function listCheckoutLinks(deps: Services, tenant: Tenant, query: ListCheckoutLinksQueryIn) {
  const { organizationId } = tenant;
  let select = checkoutLinksOf(deps.db, organizationId);
  const productIds = query.product_id;
  if (productIds && productIds.length > 0) {
    select = select.where("id", "in", (eb) =>
      eb
        .selectFrom("checkout_link_product")
        .select("checkout_link_id")
        .where("organization_id", "=", organizationId)
        .where("product_id", "in", productIds),
    );
  }
  const sorted = applySorting(select, query.sorting, {
    created_at: "created_at",
    label: "label",
    success_url: "success_url",
    allow_discount_codes: "allow_discount_codes",
  });
  const page = await paginate(sorted, query, (row) => row);
  return { items: await serializeCheckoutLinks(deps.db, deps.config.baseUrl, organizationId, page.items), pagination: page.pagination };
}

export async function updateCheckoutLinkById(
  deps: Services,
  tenant: Tenant,
  id: string,
  input: CheckoutLinkUpdateIn,
): Promise<CheckoutLinkOut> {
  const { organizationId } = tenant;
  const existing = await findCheckoutLink(deps.db, organizationId, id);
  if (!existing) throw polarErrors.notFound("Checkout link not found");
  const issues: ValidationIssue[] = [];
  const productIds = input.products
    ? await checkProducts(deps.db, organizationId, input.products, (index) => ["body", "products", index], issues)
    : undefined;
  await checkDiscount(deps.db, organizationId, input.discount_id, issues);
  // An explicit null clears an optional field, as in Polar; an absent key leaves it alone.
  const trialInterval = input.trial_interval === undefined ? existing.trial_interval : input.trial_interval;
  const trialCount = input.trial_interval_count === undefined ? existing.trial_interval_count : input.trial_interval_count;
  checkTrial(trialInterval, trialCount, issues);
  checkSeats(input.seats, issues);
  throwIfAny(issues);

  await deps.db.transaction().execute(async (trx) => {
    await updateCheckoutLink(trx, organizationId, id, {
      ...(input.label !== undefined ? { label: input.label } : {}),
      ...(input.success_url !== undefined ? { success_url: input.success_url } : {}),
      ...(input.return_url !== undefined ? { return_url: input.return_url } : {}),
      ...(input.discount_id !== undefined ? { discount_id: input.discount_id } : {}),
      ...(typeof input.allow_discount_codes === "boolean" ? { allow_discount_codes: input.allow_discount_codes } : {}),
      ...(typeof input.require_billing_address === "boolean" ? { require_billing_address: input.require_billing_address } : {}),
      ...(input.metadata ? { metadata: encodeMetadata(input.metadata) } : {}),
      trial_interval: trialInterval,
      trial_interval_count: trialCount,
      modified_at: deps.clock.now().toISOString(),
    });
    if (productIds) await replaceCheckoutLinkProducts(trx, organizationId, id, productIds);
  });
  return loadOne(deps, organizationId, id);
}

export async function deleteCheckoutLink(deps: Services, tenant: Tenant, id: string): Promise<void> {
  if (!(await softDeleteCheckoutLink(deps.db, tenant.organizationId, id, deps.clock.now().toISOString()))) {
    throw polarErrors.notFound("Checkout link not found");
  }
}
