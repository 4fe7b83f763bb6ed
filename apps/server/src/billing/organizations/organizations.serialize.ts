import { decodeMetadata } from "../api/metadata.ts";
import { toIso } from "../api/wire.ts";
import type { OrganizationRow } from "./organizations.repository.ts";
import type { OrganizationOut } from "./organizations.schemas.ts";
import { decodeSettings } from "./organizations.settings.ts";

/**
 * What Gatehouse can do for every organization: no review queue, so each is active; payouts are
 * not a thing a self-hosted server does (the money lands in the merchant's own processor account).
 */
const CAPABILITIES = {
  checkout_payments: true,
  subscription_renewals: true,
  payouts: false,
  refunds: true,
  api_access: true,
  dashboard_access: true,
} as const;

/**
 * The identity layer's metadata (JSON text that may be null, invalid or hold any JSON) as the
 * billing view's string map: scalars become text, nested values are left out.
 */
function metadataMap(text: string | null): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [key, value] of Object.entries(decodeMetadata(text))) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") map[key] = String(value);
  }
  return map;
}

export function serializeOrganization(row: OrganizationRow): OrganizationOut {
  const settings = decodeSettings(row.settings);
  return {
    created_at: toIso(row.createdAt),
    modified_at: toIso(row.modified_at),
    id: row.id,
    name: row.name,
    slug: row.slug,
    avatar_url: row.logo ?? null,
    // The top-level pair predates subscription_settings in Polar and mirrors it.
    proration_behavior: settings.subscription_settings.proration_behavior,
    allow_customer_updates: settings.subscription_settings.allow_customer_updates,
    email: settings.email,
    website: settings.website,
    socials: settings.socials,
    status: "active",
    details_submitted_at: toIso(row.details_submitted_at),
    onboarding_resubmission_requested_at: null,
    sso_enforced: false,
    default_presentment_currency: settings.default_presentment_currency,
    default_tax_behavior: settings.default_tax_behavior,
    feature_settings: settings.feature_settings,
    subscription_settings: settings.subscription_settings,
    notification_settings: settings.notification_settings,
    customer_email_settings: settings.customer_email_settings,
    customer_portal_settings: settings.customer_portal_settings,
    dispute_settings: settings.dispute_settings,
    embed_hosts: settings.embed_hosts,
    embed_hosts_enforced: false,
    country: settings.country,
    account_id: null,
    payout_account_id: null,
    capabilities: { ...CAPABILITIES },
    metadata: metadataMap(row.metadata),
  };
}
