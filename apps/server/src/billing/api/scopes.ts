/**
 * The scopes an organization access token may carry (SDK 0.47's `AvailableScope`). The operations
 * list (spec/polar-sdk-0.47-operations.tsv) names, per operation, the scopes of which any one suffices.
 */
export const AVAILABLE_SCOPES = [
  "openid",
  "profile",
  "email",
  "user:read",
  "user:write",
  "organizations:read",
  "organizations:write",
  "custom_fields:read",
  "custom_fields:write",
  "discounts:read",
  "discounts:write",
  "checkout_links:read",
  "checkout_links:write",
  "checkouts:read",
  "checkouts:write",
  "transactions:read",
  "transactions:write",
  "payouts:read",
  "payouts:write",
  "products:read",
  "products:write",
  "benefits:read",
  "benefits:write",
  "events:read",
  "events:write",
  "meters:read",
  "meters:write",
  "files:read",
  "files:write",
  "subscriptions:read",
  "subscriptions:write",
  "customers:read",
  "customers:write",
  "members:read",
  "members:write",
  "wallets:read",
  "wallets:write",
  "disputes:read",
  "customer_meters:read",
  "customer_sessions:write",
  "member_sessions:write",
  "customer_seats:read",
  "customer_seats:write",
  "orders:read",
  "orders:write",
  "refunds:read",
  "refunds:write",
  "payments:read",
  "metrics:read",
  "metrics:write",
  "webhooks:read",
  "webhooks:write",
  "license_keys:read",
  "license_keys:write",
  "customer_portal:read",
  "customer_portal:write",
  "notifications:read",
  "notifications:write",
  "notification_recipients:read",
  "notification_recipients:write",
  "organization_access_tokens:read",
  "organization_access_tokens:write",
] as const;

export type Scope = (typeof AVAILABLE_SCOPES)[number];

/** What a dashboard member may do: reading is open to every member, writing to owners and admins. */
export const READ_SCOPES: readonly Scope[] = AVAILABLE_SCOPES.filter((scope) => scope.endsWith(":read"));

/** Scopes are stored space-separated, as OAuth writes them. */
export const encodeScopes = (scopes: readonly Scope[]): string => [...new Set(scopes)].sort().join(" ");
export const decodeScopes = (text: string): Scope[] => text.split(" ").filter(Boolean) as Scope[];
