import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { encodeMetadata, whereMetadata } from "../api/metadata.ts";
import { paginate } from "../api/pagination.ts";
import { polarErrors, type ValidationIssue } from "../api/polar-errors.ts";
import { applySorting } from "../api/sorting.ts";
import { containsInsensitive } from "../api/sql.ts";
import type { Tenant } from "../api/tenant.ts";
import { productBasesByIds } from "../products/products.repository.ts";
import {
  codeTaken,
  type DiscountRow,
  discountsOf,
  findDiscount,
  insertDiscount,
  replaceDiscountProducts,
  softDeleteDiscount,
  updateDiscount,
} from "./discounts.repository.ts";
import type { DiscountCreateIn, DiscountOut, DiscountUpdateIn, ListDiscountsQueryIn } from "./discounts.schemas.ts";
import { decodeAmounts, serializeDiscounts } from "./discounts.serialize.ts";

type Services = Pick<Deps, "db" | "clock" | "ids" | "dialect">;

/** The fields that say what a discount is worth; fixed once someone has redeemed it. */
interface Terms {
  type: "fixed" | "percentage";
  duration: "once" | "forever" | "repeating";
  duration_in_months: number | null;
  basis_points: number | null;
  currency: string | null;
  amounts: Record<string, number> | null;
}

/** A fixed discount's amounts: the `amounts` map, or the single `amount` in `currency` (usd by default). */
function fixedAmounts(
  input: { amount?: number | null; currency?: string | null; amounts?: Record<string, number> | null },
  previous?: { currency: string | null; amounts: Record<string, number> | null },
) {
  if (input.amounts) {
    const currency = input.currency && input.currency in input.amounts ? input.currency : (Object.keys(input.amounts)[0] ?? "usd");
    return { currency, amounts: input.amounts };
  }
  const currency = input.currency ?? previous?.currency ?? "usd";
  const amount = input.amount ?? (previous?.currency ? previous.amounts?.[previous.currency] : undefined);
  if (amount === undefined || amount === null) return undefined;
  return { currency, amounts: { [currency]: amount } };
}

function checkWindow(startsAt: string | null, endsAt: string | null, issues: ValidationIssue[]): void {
  if (startsAt && endsAt && new Date(endsAt).getTime() <= new Date(startsAt).getTime()) {
    issues.push({ loc: ["body", "ends_at"], msg: "ends_at must be after starts_at.", type: "value_error" });
  }
}

/** Checks that every product belongs to the organization; answers the deduplicated ids. */
async function checkProducts(db: Kysely<DB>, organizationId: string, ids: readonly string[], issues: ValidationIssue[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await productBasesByIds(db, organizationId, unique);
  for (const [index, id] of ids.entries()) {
    if (!found.has(id)) issues.push({ loc: ["body", "products", index], msg: `Product ${id} does not exist.`, type: "value_error" });
  }
  return unique;
}

const CODE_TAKEN: ValidationIssue = { loc: ["body", "code"], msg: "A discount with this code already exists.", type: "value_error" };

async function checkCode(
  db: Kysely<DB>,
  organizationId: string,
  code: string | null | undefined,
  exceptId: string | undefined,
  issues: ValidationIssue[],
) {
  if (code && (await codeTaken(db, organizationId, code, exceptId))) {
    issues.push(CODE_TAKEN);
  }
}

function throwIfAny(issues: ValidationIssue[]): void {
  if (issues.length > 0) throw polarErrors.validation(issues);
}

/**
 * Runs the write; two requests racing for one code pass the check above together, and the unique
 * index stops the second: it gets the same 422 as if it had come later.
 */
async function guardCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { message, constraint } = error as { message?: unknown; constraint?: unknown };
    const text = `${String(message)} ${String(constraint)}`;
    if (text.includes("discount_organization_code_uniq") || text.includes("discount.code_lower"))
      throw polarErrors.validation([CODE_TAKEN]);
    throw error;
  }
}

async function loadOne(db: Kysely<DB>, organizationId: string, id: string): Promise<DiscountOut> {
  const row = await findDiscount(db, organizationId, id);
  if (!row) throw polarErrors.notFound("Discount not found");
  const [discount] = await serializeDiscounts(db, organizationId, [row]);
  if (!discount) throw polarErrors.notFound("Discount not found");
  return discount;
}

export async function createDiscount(deps: Services, tenant: Tenant, input: DiscountCreateIn): Promise<DiscountOut> {
  const { organizationId } = tenant;
  const issues: ValidationIssue[] = [];
  const terms: Terms = {
    type: input.type,
    duration: input.duration,
    duration_in_months: null,
    basis_points: null,
    currency: null,
    amounts: null,
  };
  if (input.duration === "repeating") {
    if (!input.duration_in_months)
      issues.push({ loc: ["body", "duration_in_months"], msg: "Field required when duration is repeating.", type: "missing" });
    terms.duration_in_months = input.duration_in_months ?? null;
  }
  if (input.type === "fixed") {
    const fixed = fixedAmounts(input);
    if (!fixed) issues.push({ loc: ["body", "amount"], msg: "Field required: give amount (with currency) or amounts.", type: "missing" });
    terms.currency = fixed?.currency ?? null;
    terms.amounts = fixed?.amounts ?? null;
  } else {
    terms.basis_points = input.basis_points;
  }
  checkWindow(input.starts_at ?? null, input.ends_at ?? null, issues);
  await checkCode(deps.db, organizationId, input.code, undefined, issues);
  const productIds = await checkProducts(deps.db, organizationId, input.products ?? [], issues);
  throwIfAny(issues);

  const id = deps.ids.uuid();
  await guardCode(() =>
    deps.db.transaction().execute(async (trx) => {
      await insertDiscount(trx, {
        id,
        organization_id: organizationId,
        name: input.name,
        code: input.code ?? null,
        code_lower: input.code?.toLowerCase() ?? null,
        ...terms,
        amounts: terms.amounts ? JSON.stringify(terms.amounts) : null,
        starts_at: input.starts_at ? new Date(input.starts_at).toISOString() : null,
        ends_at: input.ends_at ? new Date(input.ends_at).toISOString() : null,
        max_redemptions: input.max_redemptions ?? null,
        max_redemptions_per_customer: input.max_redemptions_per_customer ?? null,
        redemptions_count: 0,
        metadata: encodeMetadata(input.metadata),
        created_at: deps.clock.now().toISOString(),
        modified_at: null,
        deleted_at: null,
      });
      await replaceDiscountProducts(trx, organizationId, id, productIds);
    }),
  );
  return loadOne(deps.db, organizationId, id);
}

export const getDiscount = (deps: Services, tenant: Tenant, id: string) => loadOne(deps.db, tenant.organizationId, id);

export async function listDiscounts(deps: Services, tenant: Tenant, query: ListDiscountsQueryIn, metadata: Map<string, string[]>) {
  let select = discountsOf(deps.db, tenant.organizationId);
  if (query.query) {
    const text = query.query;
    select = select.where((eb) => eb.or([containsInsensitive("name", text), containsInsensitive("code", text)]));
  }
  select = whereMetadata(select, "metadata", metadata, deps.dialect);
  const sorted = applySorting(select, query.sorting, {
    created_at: "created_at",
    name: "name",
    code: "code",
    redemptions_count: "redemptions_count",
    ends_at: "ends_at",
  });
  const page = await paginate(sorted, query, (row) => row);
  return { items: await serializeDiscounts(deps.db, tenant.organizationId, page.items), pagination: page.pagination };
}

/** The terms after the update: what the client changed, on top of what the discount was. */
function mergedTerms(existing: DiscountRow, input: DiscountUpdateIn, issues: ValidationIssue[]): Terms {
  const type = input.type ?? (existing.type as Terms["type"]);
  const duration = input.duration ?? (existing.duration as Terms["duration"]);
  const terms: Terms = { type, duration, duration_in_months: null, basis_points: null, currency: null, amounts: null };
  if (duration === "repeating") {
    terms.duration_in_months = input.duration_in_months ?? existing.duration_in_months;
    if (!terms.duration_in_months)
      issues.push({ loc: ["body", "duration_in_months"], msg: "Field required when duration is repeating.", type: "missing" });
  }
  if (type === "fixed") {
    const previous = existing.type === "fixed" ? { currency: existing.currency, amounts: decodeAmounts(existing.amounts) } : undefined;
    const fixed = fixedAmounts(input, previous);
    if (!fixed) issues.push({ loc: ["body", "amount"], msg: "Field required: give amount (with currency) or amounts.", type: "missing" });
    terms.currency = fixed?.currency ?? null;
    terms.amounts = fixed?.amounts ?? null;
  } else {
    terms.basis_points = input.basis_points ?? (existing.type === "percentage" ? existing.basis_points : null);
    if (!terms.basis_points)
      issues.push({ loc: ["body", "basis_points"], msg: "Field required for a percentage discount.", type: "missing" });
  }
  return terms;
}

const TERM_FIELDS = ["type", "duration", "duration_in_months", "amount", "currency", "amounts", "basis_points"] as const;

export async function updateDiscountById(deps: Services, tenant: Tenant, id: string, input: DiscountUpdateIn): Promise<DiscountOut> {
  const { organizationId } = tenant;
  const existing = await findDiscount(deps.db, organizationId, id);
  if (!existing) throw polarErrors.notFound("Discount not found");
  const issues: ValidationIssue[] = [];

  const changesTerms = TERM_FIELDS.some((field) => input[field] !== undefined && input[field] !== null);
  // Customers who redeemed a discount were promised its terms; only a fresh discount may change them.
  if (changesTerms && Number(existing.redemptions_count) > 0) {
    for (const field of TERM_FIELDS.filter((f) => input[f] !== undefined && input[f] !== null)) {
      issues.push({ loc: ["body", field], msg: "This field cannot be changed once the discount has been redeemed.", type: "value_error" });
    }
  }
  const terms = changesTerms ? mergedTerms(existing, input, issues) : undefined;

  // An explicit null clears the optional fields, as in Polar; an absent key leaves them alone.
  const startsAt = input.starts_at === undefined ? existing.starts_at : input.starts_at;
  const endsAt = input.ends_at === undefined ? existing.ends_at : input.ends_at;
  checkWindow(startsAt ? new Date(startsAt).toISOString() : null, endsAt ? new Date(endsAt).toISOString() : null, issues);
  if (input.code) await checkCode(deps.db, organizationId, input.code, id, issues);
  const productIds = input.products ? await checkProducts(deps.db, organizationId, input.products, issues) : undefined;
  throwIfAny(issues);

  await guardCode(() =>
    deps.db.transaction().execute(async (trx) => {
      await updateDiscount(trx, organizationId, id, {
        ...(input.name ? { name: input.name } : {}),
        ...(input.code !== undefined ? { code: input.code, code_lower: input.code?.toLowerCase() ?? null } : {}),
        ...(input.starts_at !== undefined ? { starts_at: input.starts_at ? new Date(input.starts_at).toISOString() : null } : {}),
        ...(input.ends_at !== undefined ? { ends_at: input.ends_at ? new Date(input.ends_at).toISOString() : null } : {}),
        ...(input.max_redemptions !== undefined ? { max_redemptions: input.max_redemptions } : {}),
        ...(input.max_redemptions_per_customer !== undefined ? { max_redemptions_per_customer: input.max_redemptions_per_customer } : {}),
        ...(input.metadata ? { metadata: encodeMetadata(input.metadata) } : {}),
        ...(terms ? { ...terms, amounts: terms.amounts ? JSON.stringify(terms.amounts) : null } : {}),
        modified_at: deps.clock.now().toISOString(),
      });
      if (productIds) await replaceDiscountProducts(trx, organizationId, id, productIds);
    }),
  );
  return loadOne(deps.db, organizationId, id);
}

export async function deleteDiscount(deps: Services, tenant: Tenant, id: string): Promise<void> {
  const deleted = await deps.db
    .transaction()
    .execute((trx) => softDeleteDiscount(trx, tenant.organizationId, id, deps.clock.now().toISOString()));
  if (!deleted) throw polarErrors.notFound("Discount not found");
}
