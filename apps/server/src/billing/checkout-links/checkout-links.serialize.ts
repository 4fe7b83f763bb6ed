import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { decodeMetadata } from "../api/metadata.ts";
import { toBool, toIso } from "../api/wire.ts";
import { findDiscountRows } from "../discounts/discounts.repository.ts";
import { serializeDiscountBase } from "../discounts/discounts.serialize.ts";
import { productsByIds } from "../products/products.repository.ts";
import type { ProductOut } from "../products/products.schemas.ts";
import { type CheckoutLinkRow, checkoutLinkProductIds } from "./checkout-links.repository.ts";
import type { CheckoutLinkOut, CheckoutLinkProductOut } from "./checkout-links.schemas.ts";

/** The product as a checkout link shows it: benefits reduced to what a customer may see, no custom fields. */
function checkoutLinkProductOf(product: ProductOut): CheckoutLinkProductOut {
  const { attached_custom_fields: _notShown, benefits, ...shown } = product;
  return {
    ...shown,
    benefits: benefits.map((benefit) => ({
      id: benefit.id,
      created_at: benefit.created_at,
      modified_at: benefit.modified_at,
      type: benefit.type,
      description: benefit.description,
      selectable: benefit.selectable,
      deletable: benefit.deletable,
      is_deleted: benefit.is_deleted,
      organization_id: benefit.organization_id,
    })),
  };
}

/** Where a customer opens the link; the hosted checkout behind it arrives in a later issue. */
export const checkoutLinkUrl = (baseUrl: string, clientSecret: string) =>
  `${baseUrl.replace(/\/+$/, "")}/v1/checkout-links/${clientSecret}/redirect`;

/** Wire links for these rows, loading their products and discounts in one go each. */
export async function serializeCheckoutLinks(
  db: Kysely<DB>,
  baseUrl: string,
  organizationId: string,
  rows: readonly CheckoutLinkRow[],
): Promise<CheckoutLinkOut[]> {
  const productIds = await checkoutLinkProductIds(
    db,
    organizationId,
    rows.map((row) => row.id),
  );
  const discountIds = [...new Set(rows.flatMap((row) => (row.discount_id ? [row.discount_id] : [])))];
  const [products, discountRows] = await Promise.all([
    productsByIds(db, organizationId, [...new Set([...productIds.values()].flat())]),
    findDiscountRows(db, organizationId, discountIds),
  ]);
  const discounts = new Map(discountRows.map((row) => [row.id, serializeDiscountBase(row)]));
  return rows.map((row) => {
    const discount = row.discount_id ? (discounts.get(row.discount_id) ?? null) : null;
    return {
      id: row.id,
      created_at: toIso(row.created_at),
      modified_at: toIso(row.modified_at),
      trial_interval: row.trial_interval as CheckoutLinkOut["trial_interval"],
      trial_interval_count: row.trial_interval_count,
      metadata: decodeMetadata(row.metadata),
      payment_processor: "stripe",
      client_secret: row.client_secret,
      success_url: row.success_url,
      return_url: row.return_url,
      label: row.label,
      allow_discount_codes: toBool(row.allow_discount_codes),
      require_billing_address: toBool(row.require_billing_address),
      discount_id: discount ? discount.id : null,
      seats: row.seats,
      organization_id: row.organization_id,
      products: (productIds.get(row.id) ?? []).flatMap((id) => {
        const product = products.get(id);
        return product ? [checkoutLinkProductOf(product)] : [];
      }),
      discount,
      url: checkoutLinkUrl(baseUrl, row.client_secret),
    };
  });
}
