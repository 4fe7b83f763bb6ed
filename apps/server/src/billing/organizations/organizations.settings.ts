import { BillingSettings, type BillingSettingsValue, type OrganizationUpdateInput } from "./organizations.schemas.ts";

/**
 * What an organization's billing settings are before anyone changed them: Polar's defaults for a
 * new organization (customer emails and notifications on, customers may change their own plan with
 * proration, one subscription per customer, prices in USD with tax added by location).
 */
export const DEFAULT_SETTINGS: BillingSettingsValue = {
  email: null,
  website: null,
  socials: [],
  country: null,
  default_presentment_currency: "usd",
  default_tax_behavior: "location",
  feature_settings: {
    issue_funding_enabled: false,
    seat_based_pricing_enabled: false,
    wallets_enabled: false,
    member_model_enabled: false,
    tinybird_read: false,
    tinybird_compare: false,
    checkout_localization_enabled: false,
    overview_metrics: null,
    reset_proration_behavior_enabled: false,
  },
  subscription_settings: {
    allow_multiple_subscriptions: false,
    proration_behavior: "prorate",
    benefit_revocation_grace_period: 0,
    prevent_trial_abuse: false,
    allow_customer_updates: true,
  },
  notification_settings: { new_order: true, new_subscription: true, chargeback_prevention: true, subscription_renewal: false },
  customer_email_settings: {
    order_confirmation: true,
    payment_method_expiration_reminder: true,
    subscription_cancellation: true,
    subscription_confirmation: true,
    subscription_cycled: true,
    subscription_cycled_after_trial: true,
    subscription_past_due: true,
    subscription_paused: true,
    subscription_resumed: true,
    subscription_renewal_reminder: true,
    subscription_revoked: true,
    subscription_trial_conversion_reminder: true,
    subscription_uncanceled: true,
    subscription_updated: true,
  },
  customer_portal_settings: {
    usage: { show: true },
    subscription: { update_seats: true, update_plan: true, pause: false },
    customer: { allow_email_change: true },
  },
  dispute_settings: { auto_accept_below_amount: null },
  embed_hosts: [],
};

/**
 * Feature flags the merchant may set themselves (as in Polar's `OrganizationFeatureSettingsUpdate`);
 * the others are the platform's to turn on and keep their value when a client sends them.
 */
const SELF_SERVICE_FEATURES = [
  "seat_based_pricing_enabled",
  "member_model_enabled",
  "checkout_localization_enabled",
  "overview_metrics",
] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** `over` laid on `base`, objects merged key by key (so a group gains keys added after it was stored). */
function merge<T>(base: T, over: unknown): T {
  if (!isObject(base) || !isObject(over)) return (over === undefined ? base : over) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value !== undefined) out[key] = key in base ? merge((base as Record<string, unknown>)[key], value) : value;
  }
  return out as T;
}

/**
 * The stored settings over the defaults. The column is ours, but a hand edit or an older shape must
 * not break every billing call: a group that no longer validates falls back to its default.
 */
export function decodeSettings(text: string | null | undefined): BillingSettingsValue {
  let stored: unknown = {};
  try {
    stored = text ? JSON.parse(text) : {};
  } catch {
    stored = {};
  }
  if (!isObject(stored)) return DEFAULT_SETTINGS;
  const settings: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(DEFAULT_SETTINGS)) {
    const candidate = merge(fallback, stored[key]);
    const parsed = BillingSettings.shape[key as keyof BillingSettingsValue].safeParse(candidate);
    settings[key] = parsed.success ? parsed.data : fallback;
  }
  return settings as BillingSettingsValue;
}

/** The settings after a partial update: absent or null means unchanged, groups merge key by key. */
export function applyUpdate(current: BillingSettingsValue, input: OrganizationUpdateInput): BillingSettingsValue {
  const next: BillingSettingsValue = structuredClone(current);
  if (input.email != null) next.email = input.email;
  if (input.website != null) next.website = input.website;
  if (input.socials != null) next.socials = input.socials;
  if (input.country != null) next.country = input.country;
  if (input.default_presentment_currency != null) next.default_presentment_currency = input.default_presentment_currency;
  if (input.default_tax_behavior != null) next.default_tax_behavior = input.default_tax_behavior;
  if (input.embed_hosts != null) next.embed_hosts = input.embed_hosts;
  if (input.feature_settings != null) {
    const given = input.feature_settings;
    const allowed = Object.fromEntries(SELF_SERVICE_FEATURES.filter((key) => given[key] !== undefined).map((key) => [key, given[key]]));
    next.feature_settings = { ...next.feature_settings, ...allowed };
  }
  if (input.subscription_settings != null) next.subscription_settings = merge(next.subscription_settings, input.subscription_settings);
  if (input.notification_settings != null) next.notification_settings = merge(next.notification_settings, input.notification_settings);
  if (input.customer_email_settings != null)
    next.customer_email_settings = merge(next.customer_email_settings, input.customer_email_settings);
  if (input.customer_portal_settings != null)
    next.customer_portal_settings = merge(next.customer_portal_settings, input.customer_portal_settings);
  if (input.dispute_settings != null) next.dispute_settings = merge(next.dispute_settings, input.dispute_settings);
  return next;
}
