import { metadataInput, metadataOutput } from "../api/metadata.ts";
import { z } from "../api/openapi.ts";
import { listQuery, listResponse } from "../api/pagination.ts";
import { sortingParam } from "../api/sorting.ts";
import { ProductBase } from "../products/products.schemas.ts";

export const DISCOUNT_TYPES = ["fixed", "percentage"] as const;
export const DISCOUNT_DURATIONS = ["once", "forever", "repeating"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export type DiscountDuration = (typeof DISCOUNT_DURATIONS)[number];

const DurationSchema = z.enum(DISCOUNT_DURATIONS).openapi("DiscountDuration");
const TypeSchema = z.enum(DISCOUNT_TYPES).openapi("DiscountType");

/** Polar's limits: amounts up to 999,999,999,999 minor units, codes of 3..256 letters and digits. */
export const MAX_AMOUNT = 999_999_999_999;
const Amount = z.number().int().min(0).max(MAX_AMOUNT);
// Polar accepts its list of presentment currencies; three lowercase letters is the shape of all of them.
export const Currency = z
  .string()
  .regex(/^[a-z]{3}$/, "Input should be a lowercase ISO 4217 currency code")
  .openapi({ example: "usd" });
const Amounts = z
  .record(Currency, Amount)
  .refine((value) => Object.keys(value).length >= 1, { message: "At least one currency is required." });
const Code = z
  .string()
  .min(3)
  .max(256)
  .regex(/^[a-zA-Z0-9]+$/, "The code can only contain letters and digits.");
const Timestamp = z.iso.datetime({ offset: true }).openapi({ format: "date-time" });
const Redemptions = z.number().int().min(1).max(2_147_483_647);
const DurationInMonths = z.number().int().min(1).max(999);
const BasisPoints = z.number().int().min(1).max(10_000);

const createCommon = {
  metadata: metadataInput.optional(),
  name: z.string().min(1),
  code: Code.nullish(),
  starts_at: Timestamp.nullish(),
  ends_at: Timestamp.nullish(),
  max_redemptions: Redemptions.nullish(),
  max_redemptions_per_customer: Redemptions.nullish(),
  products: z.array(z.string()).nullish(),
  organization_id: z.string().nullish(),
  duration: DurationSchema,
  duration_in_months: DurationInMonths.nullish(),
};

export const DiscountFixedCreate = z
  .object({
    ...createCommon,
    type: z.literal("fixed"),
    amount: Amount.nullish(),
    currency: Currency.nullish(),
    amounts: Amounts.nullish(),
  })
  .openapi("DiscountFixedCreate");

export const DiscountPercentageCreate = z
  .object({ ...createCommon, type: z.literal("percentage"), basis_points: BasisPoints })
  .openapi("DiscountPercentageCreate");

export const DiscountCreate = z.discriminatedUnion("type", [DiscountFixedCreate, DiscountPercentageCreate]).openapi("DiscountCreate");
export type DiscountCreateIn = z.infer<typeof DiscountCreate>;

export const DiscountUpdate = z
  .object({
    metadata: metadataInput.nullish(),
    name: z.string().min(1).nullish(),
    code: Code.nullish(),
    starts_at: Timestamp.nullish(),
    ends_at: Timestamp.nullish(),
    max_redemptions: Redemptions.nullish(),
    max_redemptions_per_customer: Redemptions.nullish(),
    duration: DurationSchema.nullish(),
    duration_in_months: DurationInMonths.nullish(),
    type: TypeSchema.nullish(),
    amount: Amount.nullish(),
    currency: Currency.nullish(),
    amounts: Amounts.nullish(),
    basis_points: BasisPoints.nullish(),
    products: z.array(z.string()).nullish(),
  })
  .openapi("DiscountUpdate");
export type DiscountUpdateIn = z.infer<typeof DiscountUpdate>;

/** The product as a discount embeds it: the product without prices, benefits or medias. */
export const DiscountProduct = ProductBase.openapi("DiscountProduct");

const baseCommon = {
  created_at: z.string().openapi({ format: "date-time" }),
  modified_at: z.string().nullable().openapi({ format: "date-time" }),
  id: z.string().openapi({ format: "uuid" }),
  metadata: metadataOutput,
  name: z.string(),
  code: z.string().nullable(),
  starts_at: z.string().nullable().openapi({ format: "date-time" }),
  ends_at: z.string().nullable().openapi({ format: "date-time" }),
  max_redemptions: z.number().int().nullable(),
  max_redemptions_per_customer: z.number().int().nullable(),
  redemptions_count: z.number().int(),
  organization_id: z.string(),
};
const fixedPart = {
  type: z.literal("fixed"),
  amount: z.number().int(),
  currency: z.string(),
  amounts: z.record(z.string(), z.number().int()),
};
const percentagePart = { type: z.literal("percentage"), basis_points: z.number().int() };
const onceForever = { duration: z.enum(["once", "forever"]) };
const repeating = { duration: z.literal("repeating"), duration_in_months: z.number().int() };

// The "Base" shapes are what a checkout link embeds: the discount without its products.
export const DiscountFixedOnceForeverDurationBase = z
  .object({ ...onceForever, ...fixedPart, ...baseCommon })
  .openapi("DiscountFixedOnceForeverDurationBase");
export const DiscountFixedRepeatDurationBase = z
  .object({ ...repeating, ...fixedPart, ...baseCommon })
  .openapi("DiscountFixedRepeatDurationBase");
export const DiscountPercentageOnceForeverDurationBase = z
  .object({ ...onceForever, ...percentagePart, ...baseCommon })
  .openapi("DiscountPercentageOnceForeverDurationBase");
export const DiscountPercentageRepeatDurationBase = z
  .object({ ...repeating, ...percentagePart, ...baseCommon })
  .openapi("DiscountPercentageRepeatDurationBase");
export const DiscountBase = z
  .union([
    DiscountFixedOnceForeverDurationBase,
    DiscountFixedRepeatDurationBase,
    DiscountPercentageOnceForeverDurationBase,
    DiscountPercentageRepeatDurationBase,
  ])
  .openapi("CheckoutLinkDiscount");

const withProducts = { products: z.array(DiscountProduct) };
export const Discount = z
  .union([
    DiscountFixedOnceForeverDurationBase.extend(withProducts).openapi("DiscountFixedOnceForeverDuration"),
    DiscountFixedRepeatDurationBase.extend(withProducts).openapi("DiscountFixedRepeatDuration"),
    DiscountPercentageOnceForeverDurationBase.extend(withProducts).openapi("DiscountPercentageOnceForeverDuration"),
    DiscountPercentageRepeatDurationBase.extend(withProducts).openapi("DiscountPercentageRepeatDuration"),
  ])
  .openapi("Discount");

export type DiscountBaseOut = z.infer<typeof DiscountBase>;
export type DiscountOut = z.infer<typeof Discount>;

export const ListDiscounts = listResponse(Discount, "ListResource_Discount_");

export const DISCOUNT_SORT_KEYS = ["created_at", "name", "code", "redemptions_count", "ends_at"] as const;
export type DiscountSortKey = (typeof DISCOUNT_SORT_KEYS)[number];

export const ListDiscountsQuery = z.object({
  organization_id: z.union([z.string(), z.array(z.string())]).optional(),
  query: z.string().optional().openapi({ description: "Filter by name or code (contains, case-insensitive)." }),
  ...listQuery,
  sorting: sortingParam(DISCOUNT_SORT_KEYS, "-created_at"),
});
export type ListDiscountsQueryIn = z.infer<typeof ListDiscountsQuery>;
