import type { Product } from "../catalog/catalog.api";

// The /v1 wire shapes the dashboard reads (Polar's, snake_case), reduced to the keys it shows or edits.

export type Metadata = Record<string, string | number | boolean>;

export interface AccessToken {
  id: string;
  created_at: string;
  modified_at: string | null;
  scopes: string[];
  expires_at: string | null;
  comment: string;
  last_used_at: string | null;
  organization_id: string;
}

export interface AccessTokenCreated {
  organization_access_token: AccessToken;
  token: string;
}

export interface Address {
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  city: string | null;
  state: string | null;
  country: string;
}

export interface Customer {
  id: string;
  created_at: string;
  modified_at: string | null;
  metadata: Metadata;
  external_id: string | null;
  email: string | null;
  name: string | null;
  billing_address: Address | null;
  tax_id: [string, string] | null;
  locale: string | null;
  organization_id: string;
  deleted_at: string | null;
}

/** The customer plus what they hold right now; item shapes are loosely typed on purpose. */
export interface CustomerState extends Customer {
  active_subscriptions: Record<string, unknown>[];
  granted_benefits: Record<string, unknown>[];
  active_meters: Record<string, unknown>[];
}

/** Discounts and checkout links carry whole products; the dashboard reads these keys of them. */
export type ProductSummary = Pick<Product, "id" | "name" | "is_archived">;

export interface Discount {
  id: string;
  created_at: string;
  name: string;
  code: string | null;
  type: "fixed" | "percentage";
  amount?: number;
  currency?: string;
  basis_points?: number;
  duration: "once" | "forever" | "repeating";
  duration_in_months?: number;
  starts_at: string | null;
  ends_at: string | null;
  max_redemptions: number | null;
  redemptions_count: number;
  metadata: Metadata;
  products: ProductSummary[];
}

export interface CheckoutLink {
  id: string;
  created_at: string;
  label: string | null;
  allow_discount_codes: boolean;
  require_billing_address: boolean;
  discount_id: string | null;
  success_url: string | null;
  products: ProductSummary[];
  discount: { id: string; name: string } | null;
  url: string;
  metadata: Metadata;
}

export interface SocialLink {
  platform: string;
  url: string;
}

export interface SubscriptionSettings {
  allow_multiple_subscriptions: boolean;
  proration_behavior: "invoice" | "prorate" | "next_period";
  benefit_revocation_grace_period: number;
  prevent_trial_abuse: boolean;
  allow_customer_updates: boolean;
}

export interface BillingOrganization {
  id: string;
  name: string;
  slug: string;
  email: string | null;
  website: string | null;
  socials: SocialLink[];
  subscription_settings: SubscriptionSettings;
}
