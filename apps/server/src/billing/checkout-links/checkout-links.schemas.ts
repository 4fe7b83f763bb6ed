import { metadataInput, metadataOutput } from "../api/metadata.ts";
import { z } from "../api/openapi.ts";
import { listQuery, listResponse } from "../api/pagination.ts";
import { oneOrMany } from "../api/query.ts";
import { sortingParam } from "../api/sorting.ts";
import { HttpUrl } from "../api/url.ts";
import { DiscountBase } from "../discounts/discounts.schemas.ts";
import { ProductMediaFileRead } from "../files/files.schemas.ts";
import { INTERVALS, ProductBase, ProductPrice } from "../products/products.schemas.ts";

const TrialInterval = z.enum(INTERVALS);
const Timestamp = z.string().openapi({ format: "date-time" });

const createCommon = {
  metadata: metadataInput.optional(),
  trial_interval: TrialInterval.nullish(),
  trial_interval_count: z.number().int().min(1).max(1000).nullish(),
  payment_processor: z.literal("stripe"),
  label: z.string().nullish(),
  allow_discount_codes: z.boolean().default(true),
  require_billing_address: z.boolean().default(false),
  discount_id: z.string().nullish(),
  seats: z.number().int().min(1).max(10_000).nullish(),
  success_url: HttpUrl.nullish(),
  return_url: HttpUrl.nullish(),
  organization_id: z.string().nullish(),
};

/**
 * Polar's three create variants (`products`, or the older `product_id` / `product_price_id`) share
 * every other field, so they are parsed as one object: a bad field then answers a 422 that points
 * at it rather than at a failed union.
 */
export const CheckoutLinkCreate = z
  .object({
    ...createCommon,
    products: z.array(z.string()).min(1).optional(),
    product_id: z.string().optional(),
    product_price_id: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    const given = [value.products, value.product_id, value.product_price_id].filter((v) => v !== undefined).length;
    if (given !== 1)
      ctx.addIssue({ code: "custom", path: ["products"], message: "Give exactly one of products, product_id or product_price_id." });
  })
  .openapi("CheckoutLinkCreate");
export type CheckoutLinkCreateIn = z.infer<typeof CheckoutLinkCreate>;

export const CheckoutLinkUpdate = z
  .object({
    trial_interval: TrialInterval.nullish(),
    trial_interval_count: z.number().int().min(1).max(1000).nullish(),
    metadata: metadataInput.nullish(),
    products: z.array(z.string()).min(1).nullish(),
    label: z.string().nullish(),
    allow_discount_codes: z.boolean().nullish(),
    require_billing_address: z.boolean().nullish(),
    discount_id: z.string().nullish(),
    seats: z.number().int().min(1).max(10_000).nullish(),
    success_url: HttpUrl.nullish(),
    return_url: HttpUrl.nullish(),
  })
  .openapi("CheckoutLinkUpdate");
export type CheckoutLinkUpdateIn = z.infer<typeof CheckoutLinkUpdate>;

/** A benefit as a customer may see it: no properties (they can hold secrets such as notes). */
export const BenefitPublic = z
  .object({
    id: z.string(),
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    type: z.string(),
    description: z.string(),
    selectable: z.boolean(),
    deletable: z.boolean(),
    is_deleted: z.boolean(),
    organization_id: z.string(),
  })
  .openapi("BenefitPublic");
export type BenefitPublicOut = z.infer<typeof BenefitPublic>;

/** The product as a checkout link embeds it: benefits reduced to what a customer may see, no custom fields. */
export const CheckoutLinkProduct = ProductBase.extend({
  prices: z.array(ProductPrice),
  benefits: z.array(BenefitPublic),
  medias: z.array(ProductMediaFileRead),
}).openapi("CheckoutLinkProduct");

export const CheckoutLink = z
  .object({
    id: z.string().openapi({ format: "uuid" }),
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    trial_interval: TrialInterval.nullable(),
    trial_interval_count: z.number().int().nullable(),
    metadata: metadataOutput,
    payment_processor: z.literal("stripe"),
    client_secret: z.string(),
    success_url: z.string().nullable(),
    return_url: z.string().nullable(),
    label: z.string().nullable(),
    allow_discount_codes: z.boolean(),
    require_billing_address: z.boolean(),
    discount_id: z.string().nullable(),
    seats: z.number().int().nullable(),
    organization_id: z.string(),
    products: z.array(CheckoutLinkProduct),
    discount: DiscountBase.nullable(),
    url: z.string().openapi({ description: "Where customers open the link." }),
  })
  .openapi("CheckoutLink");

export type CheckoutLinkProductOut = z.infer<typeof CheckoutLinkProduct>;
export type CheckoutLinkOut = z.infer<typeof CheckoutLink>;

export const ListCheckoutLinks = listResponse(CheckoutLink, "ListResource_CheckoutLink_");

export const CHECKOUT_LINK_SORT_KEYS = ["created_at", "label", "success_url", "allow_discount_codes"] as const;

export const ListCheckoutLinksQuery = z.object({
  organization_id: z.union([z.string(), z.array(z.string())]).optional(),
  product_id: oneOrMany(z.string()).optional(),
  ...listQuery,
  sorting: sortingParam(CHECKOUT_LINK_SORT_KEYS, "created_at"),
});
export type ListCheckoutLinksQueryIn = z.infer<typeof ListCheckoutLinksQuery>;
