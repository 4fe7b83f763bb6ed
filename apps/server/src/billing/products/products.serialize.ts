import { decodeMetadata } from "../api/metadata.ts";
import { toBool, toIso } from "../api/wire.ts";
import type { MeterOut } from "../meters/meters.schemas.ts";
import type { PriceRow, ProductRow } from "./products.repository.ts";
import type { INTERVALS, ProductBaseOut, ProductOut, ProductPriceOut, TAX_BEHAVIORS, VISIBILITIES } from "./products.schemas.ts";

type Interval = (typeof INTERVALS)[number];

export function serializePrice(row: PriceRow, meter: MeterOut | undefined): ProductPriceOut {
  const base = {
    created_at: toIso(row.created_at),
    modified_at: toIso(row.modified_at),
    id: row.id,
    source: row.source as "catalog" | "ad_hoc",
    price_currency: row.price_currency,
    tax_behavior: row.tax_behavior as (typeof TAX_BEHAVIORS)[number] | null,
    is_archived: toBool(row.is_archived),
    product_id: row.product_id,
  };
  switch (row.amount_type) {
    case "fixed":
      return { ...base, amount_type: "fixed", price_amount: Number(row.price_amount ?? 0) };
    case "free":
      return { ...base, amount_type: "free" };
    case "custom":
      return {
        ...base,
        amount_type: "custom",
        minimum_amount: Number(row.minimum_amount ?? 0),
        maximum_amount: row.maximum_amount === null ? null : Number(row.maximum_amount),
        preset_amount: row.preset_amount === null ? null : Number(row.preset_amount),
      };
    case "metered_unit":
      return {
        ...base,
        amount_type: "metered_unit",
        unit_amount: row.unit_amount ?? "0",
        cap_amount: row.cap_amount === null ? null : Number(row.cap_amount),
        meter_id: row.meter_id ?? "",
        // The meter is in the same organization (checked when the price was made); the fallback
        // only guards a meter removed behind our back.
        meter: {
          id: row.meter_id ?? "",
          name: meter?.name ?? "",
          unit: meter?.unit ?? "scalar",
          custom_label: meter?.custom_label ?? null,
          custom_multiplier: meter?.custom_multiplier ?? null,
        },
      };
    default:
      throw new Error(`unknown price amount_type ${row.amount_type}`);
  }
}

/** The product's own fields, without what other tables hold. */
export function serializeProductBase(row: ProductRow): ProductBaseOut {
  return {
    id: row.id,
    created_at: toIso(row.created_at),
    modified_at: toIso(row.modified_at),
    trial_interval: row.trial_interval as Interval | null,
    trial_interval_count: row.trial_interval_count === null ? null : Number(row.trial_interval_count),
    name: row.name,
    description: row.description,
    visibility: row.visibility as (typeof VISIBILITIES)[number],
    recurring_interval: row.recurring_interval as Interval | null,
    recurring_interval_count: row.recurring_interval_count === null ? null : Number(row.recurring_interval_count),
    meter_interval: row.meter_interval as Interval | null,
    meter_interval_count: row.meter_interval_count === null ? null : Number(row.meter_interval_count),
    is_recurring: row.recurring_interval !== null,
    is_archived: toBool(row.is_archived),
    organization_id: row.organization_id,
    metadata: decodeMetadata(row.metadata),
  };
}

export function serializeProduct(
  row: ProductRow,
  parts: Pick<ProductOut, "prices" | "benefits" | "medias" | "attached_custom_fields">,
): ProductOut {
  return { ...serializeProductBase(row), ...parts };
}
