import { metadataInput, metadataOutput } from "../api/metadata.ts";
import { z } from "../api/openapi.ts";
import { listQuery, listResponse } from "../api/pagination.ts";
import { oneOrMany, queryBoolean } from "../api/query.ts";
import { sortingParam } from "../api/sorting.ts";
import { Benefit } from "../benefits/benefits.schemas.ts";
import { CustomField } from "../custom-fields/custom-fields.schemas.ts";
import { ProductMediaFileRead } from "../files/files.schemas.ts";

export const VISIBILITIES = ["draft", "private", "public"] as const;
export const INTERVALS = ["day", "week", "month", "year"] as const;
export const TAX_BEHAVIORS = ["location", "inclusive", "exclusive"] as const;

const Visibility = z.enum(VISIBILITIES).openapi("ProductVisibility");
const RecurringInterval = z.enum(INTERVALS).openapi("RecurringInterval");
const TrialInterval = z.enum(INTERVALS).openapi("TrialInterval");
const TaxBehavior = z.enum(TAX_BEHAVIORS).openapi("TaxBehaviorOption");
const Timestamp = z.string().openapi({ format: "date-time" });

// ---- prices, as answered ----------------------------------------------------------------------

const priceBase = {
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  id: z.string().openapi({ format: "uuid" }),
  source: z.enum(["catalog", "ad_hoc"]),
  price_currency: z.string(),
  tax_behavior: TaxBehavior.nullable(),
  is_archived: z.boolean(),
  product_id: z.string(),
};

export const ProductPriceFixed = z
  .object({ ...priceBase, amount_type: z.literal("fixed"), price_amount: z.number().int() })
  .openapi("ProductPriceFixed");
export const ProductPriceFree = z.object({ ...priceBase, amount_type: z.literal("free") }).openapi("ProductPriceFree");
export const ProductPriceCustom = z
  .object({
    ...priceBase,
    amount_type: z.literal("custom"),
    minimum_amount: z.number().int(),
    maximum_amount: z.number().int().nullable(),
    preset_amount: z.number().int().nullable(),
  })
  .openapi("ProductPriceCustom");

export const ProductPriceMeter = z
  .object({
    id: z.string(),
    name: z.string(),
    unit: z.string(),
    custom_label: z.string().nullable(),
    custom_multiplier: z.number().int().nullable(),
  })
  .openapi("ProductPriceMeter");

export const ProductPriceMeteredUnit = z
  .object({
    ...priceBase,
    amount_type: z.literal("metered_unit"),
    unit_amount: z.string().openapi({ description: "The price per unit in cents, as a decimal string." }),
    cap_amount: z.number().int().nullable(),
    meter_id: z.string(),
    meter: ProductPriceMeter,
  })
  .openapi("ProductPriceMeteredUnit");

export const ProductPrice = z
  .discriminatedUnion("amount_type", [ProductPriceFixed, ProductPriceFree, ProductPriceCustom, ProductPriceMeteredUnit])
  .openapi("ProductPrice");

// ---- the product, as answered ----------------------------------------------------------------

export const AttachedCustomField = z
  .object({ custom_field_id: z.string(), custom_field: CustomField, order: z.number().int(), required: z.boolean() })
  .openapi("AttachedCustomField");

/** The product's own fields: what a discount embeds as is, and what every other product shape extends. */
export const ProductBase = z.object({
  id: z.string().openapi({ format: "uuid" }),
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  trial_interval: TrialInterval.nullable(),
  trial_interval_count: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  visibility: Visibility,
  recurring_interval: RecurringInterval.nullable(),
  recurring_interval_count: z.number().int().nullable(),
  meter_interval: RecurringInterval.nullable(),
  meter_interval_count: z.number().int().nullable(),
  is_recurring: z.boolean(),
  is_archived: z.boolean(),
  organization_id: z.string(),
  metadata: metadataOutput,
});

export const Product = ProductBase.extend({
  prices: z.array(ProductPrice).openapi({ description: "The product's prices that are not archived." }),
  benefits: z.array(Benefit),
  medias: z.array(ProductMediaFileRead),
  attached_custom_fields: z.array(AttachedCustomField),
}).openapi("Product");

// ---- prices, as given --------------------------------------------------------------------------

const Currency = z
  .string()
  .regex(/^[a-z]{3}$/, "Input should be a lowercase ISO 4217 currency code.")
  .default("usd")
  .openapi({ description: "Lowercase ISO 4217 code; usd when omitted." });
const priceCreateBase = { price_currency: Currency, tax_behavior: TaxBehavior.nullish() };

export const ProductPriceFixedCreate = z
  .object({ ...priceCreateBase, amount_type: z.literal("fixed"), price_amount: z.number().int().min(0).max(99_999_999) })
  .openapi("ProductPriceFixedCreate");
export const ProductPriceFreeCreate = z.object({ ...priceCreateBase, amount_type: z.literal("free") }).openapi("ProductPriceFreeCreate");
export const ProductPriceCustomCreate = z
  .object({
    ...priceCreateBase,
    amount_type: z.literal("custom"),
    minimum_amount: z.number().int().min(0).max(99_999_999).default(50),
    maximum_amount: z.number().int().min(1).max(99_999_999).nullish(),
    preset_amount: z.number().int().min(0).max(99_999_999).nullish(),
  })
  .openapi("ProductPriceCustomCreate");

/** Up to 5 integer digits and 12 decimals, like Polar's Numeric(17, 12) column. */
const UNIT_AMOUNT = /^\+?0*\d{0,5}(\.\d{0,12}0*)?$/;
export const ProductPriceMeteredUnitCreate = z
  .object({
    ...priceCreateBase,
    amount_type: z.literal("metered_unit"),
    meter_id: z.string(),
    unit_amount: z.union([z.number().gt(0), z.string().regex(UNIT_AMOUNT, "Input should be a decimal with up to 12 decimal places.")]),
    cap_amount: z.number().int().min(0).max(2_147_483_647).nullish(),
  })
  .openapi("ProductPriceMeteredUnitCreate");

export const ProductPriceCreate = z.discriminatedUnion("amount_type", [
  ProductPriceFixedCreate,
  ProductPriceFreeCreate,
  ProductPriceCustomCreate,
  ProductPriceMeteredUnitCreate,
]);
export const ExistingProductPrice = z.object({ id: z.string() }).strict().openapi("ExistingProductPrice");

// ---- product, as given -------------------------------------------------------------------------

const AttachedCustomFieldCreate = z.object({ custom_field_id: z.string(), required: z.boolean() }).openapi("AttachedCustomFieldCreate");
const Name = z.string().min(3).max(64);

export const ProductCreate = z
  .object({
    organization_id: z.string().nullish(),
    name: Name,
    description: z.string().nullish(),
    visibility: Visibility.default("public"),
    metadata: metadataInput.optional(),
    prices: z.array(ProductPriceCreate).min(1),
    medias: z.array(z.string()).nullish(),
    attached_custom_fields: z.array(AttachedCustomFieldCreate).optional(),
    recurring_interval: RecurringInterval.nullish(),
    recurring_interval_count: z.number().int().min(1).max(999).nullish(),
    trial_interval: TrialInterval.nullish(),
    trial_interval_count: z.number().int().min(1).max(1000).nullish(),
    meter_interval: RecurringInterval.nullish(),
    meter_interval_count: z.number().int().min(1).max(999).nullish(),
  })
  .openapi("ProductCreate");

export const ProductUpdate = z
  .object({
    name: Name.nullish(),
    description: z.string().nullish(),
    visibility: Visibility.nullish(),
    metadata: metadataInput.nullish(),
    is_archived: z.boolean().nullish(),
    prices: z.array(z.union([ExistingProductPrice, ProductPriceCreate])).nullish(),
    medias: z.array(z.string()).nullish(),
    attached_custom_fields: z.array(AttachedCustomFieldCreate).nullish(),
    recurring_interval: RecurringInterval.nullish(),
    recurring_interval_count: z.number().int().min(1).max(999).nullish(),
    trial_interval: TrialInterval.nullish(),
    trial_interval_count: z.number().int().min(1).max(1000).nullish(),
  })
  .openapi("ProductUpdate");

export const ProductBenefitsUpdate = z.object({ benefits: z.array(z.string()) }).openapi("ProductBenefitsUpdate");

// ---- list --------------------------------------------------------------------------------------

export const PRODUCT_SORT_KEYS = ["created_at", "name", "price_amount_type", "price_amount"] as const;

export const ListProductsQuery = z.object({
  id: oneOrMany(z.string()).optional(),
  organization_id: oneOrMany(z.string()).optional(),
  query: z.string().optional(),
  is_archived: queryBoolean.optional(),
  is_recurring: queryBoolean.optional(),
  benefit_id: oneOrMany(z.string()).optional(),
  visibility: oneOrMany(Visibility).optional(),
  ...listQuery,
  sorting: sortingParam(PRODUCT_SORT_KEYS, "-created_at"),
});

export const ListProducts = listResponse(Product, "ListResource_Product_");

export type ProductBaseOut = z.infer<typeof ProductBase>;
export type ProductOut = z.infer<typeof Product>;
export type ProductPriceOut = z.infer<typeof ProductPrice>;
export type ProductCreateIn = z.infer<typeof ProductCreate>;
export type ProductUpdateIn = z.infer<typeof ProductUpdate>;
export type ProductPriceCreateIn = z.infer<typeof ProductPriceCreate>;
export type ListProductsQueryIn = z.infer<typeof ListProductsQuery>;
