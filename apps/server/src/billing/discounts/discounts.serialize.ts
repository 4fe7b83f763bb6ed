import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { decodeMetadata } from "../api/metadata.ts";
import { toIso } from "../api/wire.ts";
import { productBasesByIds } from "../products/products.repository.ts";
import { type DiscountRow, discountProductIds, findDiscountRows } from "./discounts.repository.ts";
import type { DiscountBaseOut, DiscountOut } from "./discounts.schemas.ts";

export function decodeAmounts(text: string | null): Record<string, number> {
  if (!text) return {};
  const value: unknown = JSON.parse(text);
  return value && typeof value === "object" ? (value as Record<string, number>) : {};
}

/** The discount without its products: what a checkout link (and later a checkout) embeds. */
export function serializeDiscountBase(row: DiscountRow): DiscountBaseOut {
  const common = {
    created_at: toIso(row.created_at),
    modified_at: toIso(row.modified_at),
    id: row.id,
    metadata: decodeMetadata(row.metadata),
    name: row.name,
    code: row.code,
    starts_at: toIso(row.starts_at),
    ends_at: toIso(row.ends_at),
    max_redemptions: row.max_redemptions,
    max_redemptions_per_customer: row.max_redemptions_per_customer,
    redemptions_count: Number(row.redemptions_count),
    organization_id: row.organization_id,
  };
  const duration =
    row.duration === "repeating"
      ? { duration: "repeating" as const, duration_in_months: row.duration_in_months ?? 1 }
      : { duration: row.duration as "once" | "forever" };
  if (row.type === "fixed") {
    const amounts = decodeAmounts(row.amounts);
    const currency = row.currency ?? Object.keys(amounts)[0] ?? "usd";
    const fixed = { type: "fixed" as const, amount: amounts[currency] ?? 0, currency, amounts, ...common };
    return duration.duration === "repeating" ? { ...duration, ...fixed } : { ...duration, ...fixed };
  }
  const percentage = { type: "percentage" as const, basis_points: row.basis_points ?? 0, ...common };
  return duration.duration === "repeating" ? { ...duration, ...percentage } : { ...duration, ...percentage };
}

/** Full discounts for these rows, with their products loaded in one go. */
export async function serializeDiscounts(db: Kysely<DB>, organizationId: string, rows: readonly DiscountRow[]): Promise<DiscountOut[]> {
  const productIds = await discountProductIds(
    db,
    organizationId,
    rows.map((row) => row.id),
  );
  // A discount shows only the products' own fields, so neither prices nor benefits are loaded.
  const products = await productBasesByIds(db, organizationId, [...new Set([...productIds.values()].flat())]);
  return rows.map((row) => ({
    ...serializeDiscountBase(row),
    products: (productIds.get(row.id) ?? []).flatMap((id) => {
      const product = products.get(id);
      return product ? [product] : [];
    }),
  }));
}

/**
 * The organization's live discounts with these ids, as `GET /v1/discounts/{id}` answers them;
 * ids that do not exist there (or were deleted) are absent.
 */
export async function discountsByIds(db: Kysely<DB>, organizationId: string, ids: readonly string[]): Promise<Map<string, DiscountOut>> {
  const rows = await findDiscountRows(db, organizationId, [...new Set(ids)]);
  const discounts = await serializeDiscounts(db, organizationId, rows);
  return new Map(discounts.map((discount) => [discount.id, discount]));
}
