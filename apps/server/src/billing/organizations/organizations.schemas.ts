import { z } from "../api/openapi.ts";
import { listQuery, listResponse } from "../api/pagination.ts";
import { sortingParam } from "../api/sorting.ts";
import { HttpUrl } from "../api/url.ts";

/*
 * The merchant's billing settings as Polar describes a "provider organization". Output shapes carry
 * every key SDK 0.47 requires plus those the 2026-04 description added; input shapes make every
 * nested key optional, because SDK 0.47 sends only the keys it knows and an update merges over the
 * stored settings rather than resetting what the client did not mention.
 */

export const SOCIAL_PLATFORMS = [
  "x",
  "github",
  "facebook",
  "instagram",
  "youtube",
  "tiktok",
  "linkedin",
  "threads",
  "discord",
  "other",
] as const;

// biome-ignore format: ISO 4217 codes read better packed.
export const PRESENTMENT_CURRENCIES = [
  "aed", "all", "amd", "aoa", "ars", "aud", "awg", "azn", "bam", "bbd", "bdt", "bif", "bmd", "bnd", "bob", "brl", "bsd", "bwp",
  "bzd", "cad", "cdf", "chf", "clp", "cny", "cop", "crc", "cve", "czk", "djf", "dkk", "dop", "dzd", "egp", "etb", "eur", "fjd",
  "fkp", "gbp", "gel", "gip", "gmd", "gnf", "gtq", "gyd", "hkd", "hnl", "htg", "huf", "idr", "ils", "inr", "isk", "jmd", "jpy",
  "kes", "kgs", "khr", "kmf", "krw", "kyd", "kzt", "lak", "lkr", "lrd", "lsl", "mad", "mdl", "mga", "mkd", "mnt", "mop", "mur",
  "mvr", "mwk", "mxn", "myr", "mzn", "nad", "ngn", "nio", "nok", "npr", "nzd", "pab", "pen", "pgk", "php", "pkr", "pln", "pyg",
  "qar", "ron", "rsd", "rwf", "sar", "sbd", "scr", "sek", "sgd", "shp", "sos", "srd", "szl", "thb", "tjs", "top", "try", "ttd",
  "twd", "tzs", "uah", "ugx", "usd", "uyu", "uzs", "vnd", "vuv", "wst", "xaf", "xcd", "xcg", "xof", "xpf", "yer", "zar", "zmw",
] as const;

const TaxBehavior = z.enum(["location", "inclusive", "exclusive"]).openapi("TaxBehaviorOption");
const PublicProration = z.enum(["invoice", "prorate", "next_period"]);
const Currency = z.enum(PRESENTMENT_CURRENCIES).openapi("PresentmentCurrency");
const Country = z.string().regex(/^[A-Z]{2}$/, "Input should be an ISO 3166-1 alpha-2 country code");

export const SocialLink = z.object({ platform: z.enum(SOCIAL_PLATFORMS), url: HttpUrl }).openapi("OrganizationSocialLink");

// ---- settings as stored and answered -------------------------------------------------------------

export const FeatureSettings = z
  .object({
    issue_funding_enabled: z.boolean(),
    seat_based_pricing_enabled: z.boolean(),
    wallets_enabled: z.boolean(),
    member_model_enabled: z.boolean(),
    tinybird_read: z.boolean(),
    tinybird_compare: z.boolean(),
    checkout_localization_enabled: z.boolean(),
    overview_metrics: z.array(z.string()).nullable(),
    reset_proration_behavior_enabled: z.boolean(),
  })
  .openapi("OrganizationFeatureSettings");

export const SubscriptionSettings = z
  .object({
    allow_multiple_subscriptions: z.boolean(),
    proration_behavior: PublicProration,
    benefit_revocation_grace_period: z.number().int(),
    prevent_trial_abuse: z.boolean(),
    allow_customer_updates: z.boolean(),
  })
  .openapi("OrganizationSubscriptionSettings");

export const NotificationSettings = z
  .object({ new_order: z.boolean(), new_subscription: z.boolean(), chargeback_prevention: z.boolean(), subscription_renewal: z.boolean() })
  .openapi("OrganizationNotificationSettings");

const CUSTOMER_EMAILS = [
  "order_confirmation",
  "payment_method_expiration_reminder",
  "subscription_cancellation",
  "subscription_confirmation",
  "subscription_cycled",
  "subscription_cycled_after_trial",
  "subscription_past_due",
  "subscription_paused",
  "subscription_resumed",
  "subscription_renewal_reminder",
  "subscription_revoked",
  "subscription_trial_conversion_reminder",
  "subscription_uncanceled",
  "subscription_updated",
] as const;

export const CustomerEmailSettings = z
  .object(Object.fromEntries(CUSTOMER_EMAILS.map((key) => [key, z.boolean()])) as Record<(typeof CUSTOMER_EMAILS)[number], z.ZodBoolean>)
  .openapi("OrganizationCustomerEmailSettings");

export const CustomerPortalSettings = z
  .object({
    usage: z.object({ show: z.boolean() }),
    subscription: z.object({ update_seats: z.boolean(), update_plan: z.boolean(), pause: z.boolean() }),
    customer: z.object({ allow_email_change: z.boolean() }),
  })
  .openapi("OrganizationCustomerPortalSettings");

export const DisputeSettings = z.object({ auto_accept_below_amount: z.number().int().nullable() }).openapi("OrganizationDisputeSettings");

/** Business details (Polar's KYC questionnaire); kept, never answered back. */
export const OrganizationDetails = z
  .object({
    about: z.string().nullish(),
    product_description: z.string().nullish(),
    selling_categories: z.array(z.string()).optional(),
    pricing_models: z.array(z.string()).optional(),
    intended_use: z.string().nullish(),
    customer_acquisition: z.array(z.string()).optional(),
    future_annual_revenue: z.number().int().min(0).nullish(),
    switching: z.boolean().optional(),
    switching_from: z.enum(["paddle", "lemon_squeezy", "gumroad", "stripe", "other"]).nullish(),
    previous_annual_revenue: z.number().int().min(0).nullish(),
  })
  .openapi("OrganizationDetails");

/** Everything billing keeps about an organization beyond what the identity layer stores. */
export const BillingSettings = z.object({
  email: z.string().nullable(),
  website: z.string().nullable(),
  socials: z.array(SocialLink),
  country: z.string().nullable(),
  default_presentment_currency: z.string(),
  default_tax_behavior: TaxBehavior,
  feature_settings: FeatureSettings,
  subscription_settings: SubscriptionSettings,
  notification_settings: NotificationSettings,
  customer_email_settings: CustomerEmailSettings,
  customer_portal_settings: CustomerPortalSettings,
  dispute_settings: DisputeSettings,
  embed_hosts: z.array(z.string()),
});
export type BillingSettingsValue = z.infer<typeof BillingSettings>;

// ---- the answer ------------------------------------------------------------------------------------

export const Organization = z
  .object({
    created_at: z.string().openapi({ format: "date-time" }),
    modified_at: z.string().nullable().openapi({ format: "date-time" }),
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    avatar_url: z.string().nullable(),
    proration_behavior: z.enum(["invoice", "prorate", "next_period", "reset"]),
    allow_customer_updates: z.boolean(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    socials: z.array(SocialLink),
    status: z.enum(["created", "review", "snoozed", "denied", "active", "blocked", "offboarding", "offboarded"]),
    details_submitted_at: z.string().nullable().openapi({ format: "date-time" }),
    onboarding_resubmission_requested_at: z.string().nullable().openapi({ format: "date-time" }),
    sso_enforced: z.boolean(),
    default_presentment_currency: z.string(),
    default_tax_behavior: TaxBehavior,
    feature_settings: FeatureSettings.nullable(),
    subscription_settings: SubscriptionSettings,
    notification_settings: NotificationSettings,
    customer_email_settings: CustomerEmailSettings,
    customer_portal_settings: CustomerPortalSettings,
    dispute_settings: DisputeSettings,
    embed_hosts: z.array(z.string()),
    embed_hosts_enforced: z.boolean(),
    country: z.string().nullable(),
    account_id: z.string().nullable(),
    payout_account_id: z.string().nullable(),
    capabilities: z
      .object({
        checkout_payments: z.boolean(),
        subscription_renewals: z.boolean(),
        payouts: z.boolean(),
        refunds: z.boolean(),
        api_access: z.boolean(),
        dashboard_access: z.boolean(),
      })
      .openapi("OrganizationCapabilities"),
    metadata: z.record(z.string(), z.string()).openapi({ description: "The identity layer's organization metadata, as a string map." }),
  })
  .openapi("Organization");
export type OrganizationOut = z.infer<typeof Organization>;

// ---- the update ------------------------------------------------------------------------------------

const partial = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) => schema.partial().strip();

export const OrganizationUpdate = z
  .object({
    name: z.string().min(3).nullish(),
    avatar_url: HttpUrl.nullish(),
    email: z.email().nullish(),
    website: HttpUrl.nullish(),
    socials: z.array(SocialLink).nullish(),
    details: OrganizationDetails.nullish(),
    country: Country.nullish(),
    feature_settings: partial(FeatureSettings).nullish(),
    subscription_settings: partial(SubscriptionSettings.extend({ benefit_revocation_grace_period: z.number().int().min(0) })).nullish(),
    notification_settings: partial(NotificationSettings).nullish(),
    customer_email_settings: partial(CustomerEmailSettings).nullish(),
    customer_portal_settings: z
      .object({
        usage: partial(CustomerPortalSettings.shape.usage).optional(),
        subscription: partial(CustomerPortalSettings.shape.subscription).optional(),
        customer: partial(CustomerPortalSettings.shape.customer).optional(),
      })
      .nullish(),
    dispute_settings: z.object({ auto_accept_below_amount: z.number().int().min(1).max(10_000).nullable().optional() }).nullish(),
    embed_hosts: z.array(z.string().min(1).max(255)).max(50).nullish(),
    default_presentment_currency: Currency.nullish(),
    default_tax_behavior: TaxBehavior.nullish(),
  })
  .openapi("OrganizationUpdate");
export type OrganizationUpdateInput = z.infer<typeof OrganizationUpdate>;

// ---- the list --------------------------------------------------------------------------------------

/** Polar's review-queue keys are accepted so SDK calls never fail; without a review queue they sort by age. */
export const ORGANIZATION_SORT_KEYS = ["created_at", "slug", "name", "next_review_threshold", "days_in_status"] as const;
export type OrganizationSortKey = (typeof ORGANIZATION_SORT_KEYS)[number];

export const ListOrganizationsQuery = z.object({
  slug: z.string().optional(),
  ...listQuery,
  sorting: sortingParam(ORGANIZATION_SORT_KEYS, "created_at"),
});

export const ListOrganizations = listResponse(Organization, "ListResource_Organization_");
