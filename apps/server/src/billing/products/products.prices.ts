import type { Insertable, Kysely } from "kysely";
import type { DB, ProductPriceTable } from "../../db/schema.ts";
import { polarErrors, type ValidationIssue } from "../api/polar-errors.ts";
import { metersByIds } from "../meters/meters.repository.ts";
import type { PriceRow } from "./products.repository.ts";
import type { ProductPriceCreateIn } from "./products.schemas.ts";

/**
 * The price rules Polar states for a product's prices (ProductCreate.prices): at most one static
 * price (fixed, free or custom) — a free price stands alone — plus any number of metered prices,
 * which only recurring products may have; and one currency for all of them.
 */

const STATIC = new Set(["fixed", "free", "custom"]);

/** What the rules need to know of a price, whether it is new or kept. */
export interface PriceShape {
  amount_type: string;
  price_currency: string;
  meter_id?: string | null;
  /** Where the client wrote it, for the 422's loc. */
  loc: (string | number)[];
}

export function checkPriceSet(prices: PriceShape[], recurring: boolean, loc: (string | number)[]): void {
  const issues: ValidationIssue[] = [];
  const issue = (where: (string | number)[], msg: string) => issues.push({ loc: where, msg, type: "value_error" });
  if (prices.length === 0) issue(loc, "A product needs at least one price.");
  const statics = prices.filter((price) => STATIC.has(price.amount_type));
  if (statics.length > 1) issue(loc, "A product can have only one fixed, free or custom price.");
  if (prices.length > 1 && prices.some((price) => price.amount_type === "free"))
    issue(loc, "A free price cannot be combined with other prices.");
  for (const price of prices) {
    if (price.amount_type === "metered_unit" && !recurring)
      issue(price.loc, "Metered prices are not supported on one-time purchase products.");
  }
  const meters = prices.flatMap((price) => (price.meter_id ? [price.meter_id] : []));
  if (new Set(meters).size !== meters.length) issue(loc, "A meter can be used by only one price of a product.");
  if (new Set(prices.map((price) => price.price_currency)).size > 1) issue(loc, "All prices of a product must have the same currency.");
  if (issues.length > 0) throw polarErrors.validation(issues);
}

/** A decimal as Polar writes it back, without a sign, leading or trailing zeros: "0.5", "12". */
export function normalizeUnitAmount(value: number | string): string {
  const text = typeof value === "number" ? value.toFixed(12) : value.replace(/^\+/, "");
  const [whole = "", fraction = ""] = text.split(".");
  const integer = whole.replace(/^0+(?=\d)/, "") || "0";
  const decimals = fraction.replace(/0+$/, "");
  return decimals ? `${integer}.${decimals}` : integer;
}

/** Field-level rules of new prices, and that their meters exist in this organization. */
export async function checkNewPrices(
  db: Kysely<DB>,
  organizationId: string,
  prices: { price: ProductPriceCreateIn; loc: (string | number)[] }[],
): Promise<void> {
  const issues: ValidationIssue[] = [];
  const issue = (where: (string | number)[], msg: string) => issues.push({ loc: where, msg, type: "value_error" });
  const meterIds = prices.flatMap(({ price }) => (price.amount_type === "metered_unit" ? [price.meter_id] : []));
  const meters = meterIds.length > 0 ? await metersByIds(db, organizationId, meterIds) : new Map();
  for (const { price, loc } of prices) {
    if (price.amount_type === "custom") {
      const { minimum_amount: min, maximum_amount: max, preset_amount: preset } = price;
      if (max != null && max < min)
        issue([...loc, "maximum_amount"], "The maximum amount must be greater than or equal to the minimum amount.");
      if (preset != null && preset < min)
        issue([...loc, "preset_amount"], "The preset amount must be greater than or equal to the minimum amount.");
      if (preset != null && max != null && preset > max)
        issue([...loc, "preset_amount"], "The preset amount must be less than or equal to the maximum amount.");
    }
    if (price.amount_type === "metered_unit") {
      const meter = meters.get(price.meter_id);
      if (!meter) issue([...loc, "meter_id"], "Meter does not exist.");
      else if (meter.archived_at) issue([...loc, "meter_id"], "Meter is archived.");
      if (Number(normalizeUnitAmount(price.unit_amount)) <= 0) issue([...loc, "unit_amount"], "The unit amount must be greater than 0.");
    }
  }
  if (issues.length > 0) throw polarErrors.validation(issues);
}

/** The row of a new price of a product. */
export function priceRow(
  price: ProductPriceCreateIn,
  ids: { id: string; organizationId: string; productId: string; position: number; now: string },
): Insertable<ProductPriceTable> {
  return {
    id: ids.id,
    organization_id: ids.organizationId,
    product_id: ids.productId,
    amount_type: price.amount_type,
    source: "catalog",
    price_currency: price.price_currency,
    tax_behavior: price.tax_behavior ?? null,
    price_amount: price.amount_type === "fixed" ? price.price_amount : null,
    minimum_amount: price.amount_type === "custom" ? price.minimum_amount : null,
    maximum_amount: price.amount_type === "custom" ? (price.maximum_amount ?? null) : null,
    preset_amount: price.amount_type === "custom" ? (price.preset_amount ?? null) : null,
    unit_amount: price.amount_type === "metered_unit" ? normalizeUnitAmount(price.unit_amount) : null,
    cap_amount: price.amount_type === "metered_unit" ? (price.cap_amount ?? null) : null,
    meter_id: price.amount_type === "metered_unit" ? price.meter_id : null,
    position: ids.position,
    is_archived: false,
    created_at: ids.now,
    modified_at: null,
  };
}

export const shapeOfRow = (row: PriceRow, loc: (string | number)[]): PriceShape => ({
  amount_type: row.amount_type,
  price_currency: row.price_currency,
  meter_id: row.meter_id,
  loc,
});
