import type { ColumnType, Generated } from "kysely";

/**
 * Row types of every table. Timestamps are written as ISO strings (both engines accept them) and
 * read back as Date on PostgreSQL or string on SQLite, hence the union; use `toDate()` on reads.
 * better-auth's tables keep its camelCase column names so its adapter needs no field mapping.
 */
type Timestamp = ColumnType<Date | string, string, string>;
type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  username: string | null;
  displayUsername: string | null;
  twoFactorEnabled: Bool | null;
  role: string | null;
  banned: Bool | null;
  banReason: string | null;
  banExpires: Timestamp | null;
}

export interface PasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: Bool;
  transports: string | null;
  createdAt: Timestamp | null;
  aaguid: string | null;
}

export interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: Bool | null;
  failedVerificationCount: number | null;
  lockedUntil: Timestamp | null;
}

export interface SessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  activeOrganizationId: string | null;
  activeTeamId: string | null;
  impersonatedBy: string | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: ColumnType<number | string, number, number>;
}

export type JobStatus = "pending" | "running" | "done" | "dead";

export interface JobTable {
  id: string;
  type: string;
  payload: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: Timestamp;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DevMailTable {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: Timestamp;
}

export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: Timestamp;
  /** JSON text (SPEC §3 server view); the API hands it out as an object. */
  metadata: string | null;
}

export interface OrganizationRoleTable {
  id: string;
  organizationId: string;
  role: string;
  /** JSON text: resource → actions. */
  permission: string;
  createdAt: Timestamp;
  updatedAt: Timestamp | null;
}

export interface TeamTable {
  id: string;
  name: string;
  memberCount: number;
  organizationId: string;
  createdAt: Timestamp;
  updatedAt: Timestamp | null;
}

export interface TeamMemberTable {
  id: string;
  teamId: string;
  userId: string;
  membershipKey: string | null;
  createdAt: Timestamp | null;
}

export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  /** One role or a comma-separated list of roles (SPEC §3). */
  role: string;
  createdAt: Timestamp;
}

export type InvitationStatus = "pending" | "accepted" | "rejected" | "canceled";

export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  teamId: string | null;
  status: InvitationStatus;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  inviterId: string;
}

export interface ApiKeyTable {
  id: string;
  configId: string;
  name: string | null;
  start: string | null;
  /** The owning user's id. */
  referenceId: string;
  prefix: string | null;
  /** A hash of the key, never the key. */
  key: string;
  refillInterval: number | null;
  refillAmount: number | null;
  lastRefillAt: Timestamp | null;
  enabled: Bool | null;
  rateLimitEnabled: Bool | null;
  rateLimitTimeWindow: number | null;
  rateLimitMax: number | null;
  requestCount: number | null;
  remaining: number | null;
  lastRequest: Timestamp | null;
  expiresAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  permissions: string | null;
  metadata: string | null;
}

export type AuditOutcome = "success" | "denied" | "failed";

export interface AuditLogTable {
  id: string;
  created_at: Timestamp;
  /** e.g. "organization.update", "admin.ban-user". */
  action: string;
  outcome: AuditOutcome;
  status: number;
  actor_user_id: string | null;
  /** Set when the actor was being impersonated by a platform admin. */
  impersonator_user_id: string | null;
  organization_id: string | null;
  target_type: string | null;
  target_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  /** JSON text with what else identifies the change (never secrets). */
  details: string | null;
}

export interface OrganizationAccessTokenTable {
  id: string;
  organization_id: string;
  comment: string;
  /** Space-separated scopes. */
  scopes: string;
  /** SHA-256 of the token, hex; the token itself is shown once and never stored. */
  token_hash: string;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  created_by_user_id: string | null;
  created_at: Timestamp;
  modified_at: Timestamp | null;
}

export interface FileTable {
  id: string;
  organization_id: string;
  /** product_media | downloadable | organization_avatar */
  service: string;
  name: string;
  path: string;
  mime_type: string;
  size: number;
  version: string | null;
  checksum_etag: string | null;
  checksum_sha256_base64: string | null;
  checksum_sha256_hex: string | null;
  /** The multipart upload's id: part links are signed for it. */
  upload_id: string;
  /** JSON text: the parts declared at creation ({number, chunk_start, chunk_end, checksum_sha256_base64}). */
  upload_parts: string;
  is_uploaded: Bool;
  last_modified_at: Timestamp | null;
  created_at: Timestamp;
  modified_at: Timestamp | null;
}

export interface MeterTable {
  id: string;
  organization_id: string;
  /** scalar | token | custom */
  unit: string;
  name: string;
  custom_label: string | null;
  custom_multiplier: number | null;
  /** JSON text: the nested filter tree. */
  filter: string;
  /** JSON text: {func, property?}. */
  aggregation: string;
  /** JSON text. */
  metadata: string;
  archived_at: Timestamp | null;
  created_at: Timestamp;
  modified_at: Timestamp | null;
}

export interface DiscountTable {
  id: string;
  organization_id: string;
  name: string;
  code: string | null;
  /** The code lowercased: codes are unique per organization regardless of case. */
  code_lower: string | null;
  /** fixed | percentage */
  type: string;
  /** once | forever | repeating */
  duration: string;
  duration_in_months: number | null;
  basis_points: number | null;
  currency: string | null;
  /** JSON text: currency → amount in minor units (fixed discounts). */
  amounts: string | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  max_redemptions: number | null;
  max_redemptions_per_customer: number | null;
  redemptions_count: number;
  /** JSON text. */
  metadata: string;
  created_at: Timestamp;
  modified_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

export interface DiscountProductTable {
  discount_id: string;
  product_id: string;
  organization_id: string;
}

export interface CheckoutLinkTable {
  id: string;
  organization_id: string;
  client_secret: string;
  payment_processor: string;
  label: string | null;
  success_url: string | null;
  return_url: string | null;
  allow_discount_codes: Bool;
  require_billing_address: Bool;
  discount_id: string | null;
  trial_interval: string | null;
  trial_interval_count: number | null;
  seats: number | null;
  /** JSON text. */
  metadata: string;
  created_at: Timestamp;
  modified_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

export interface CheckoutLinkProductTable {
  checkout_link_id: string;
  product_id: string;
  organization_id: string;
  position: number;
}

export interface ProductTable {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  visibility: string;
  recurring_interval: string | null;
  recurring_interval_count: number | null;
  trial_interval: string | null;
  trial_interval_count: number | null;
  meter_interval: string | null;
  meter_interval_count: number | null;
  is_archived: Bool;
  /** JSON text. */
  metadata: string;
  created_at: Timestamp;
  modified_at: Timestamp | null;
}

export interface ProductPriceTable {
  id: string;
  organization_id: string;
  product_id: string;
  /** fixed | free | custom | metered_unit */
  amount_type: string;
  source: string;
  price_currency: string;
  tax_behavior: string | null;
  price_amount: number | null;
  minimum_amount: number | null;
  maximum_amount: number | null;
  preset_amount: number | null;
  /** Decimal string, cents per unit. */
  unit_amount: string | null;
  cap_amount: number | null;
  meter_id: string | null;
  position: number;
  is_archived: Bool;
  created_at: Timestamp;
  modified_at: Timestamp | null;
}

export interface ProductBenefitTable {
  product_id: string;
  benefit_id: string;
  organization_id: string;
  position: number;
}

export interface ProductMediaTable {
  product_id: string;
  file_id: string;
  organization_id: string;
  position: number;
}

export interface ProductCustomFieldTable {
  product_id: string;
  custom_field_id: string;
  organization_id: string;
  position: number;
  required: Bool;
}

export interface BillingOrganizationTable {
  organization_id: string;
  /** JSON text: the provider-organization settings; readers merge it over the defaults. */
  settings: string;
  /** JSON text: the business details last submitted, never answered back. */
  details: string | null;
  details_submitted_at: Timestamp | null;
  created_at: Timestamp;
  modified_at: Timestamp | null;
}

export interface BenefitTable {
  id: string;
  organization_id: string;
  type: string;
  description: string;
  /** draft | private | public. */
  visibility: string;
  selectable: Bool;
  deletable: Bool;
  /** JSON text: the type's properties, as answered. */
  properties: string;
  metadata: string;
  created_at: Timestamp;
  modified_at: Timestamp | null;
}

export interface CustomFieldTable {
  id: string;
  organization_id: string;
  type: string;
  /** Unique per organization. */
  slug: string;
  name: string;
  /** JSON text: the type's properties, as answered. */
  properties: string;
  metadata: string;
  created_at: Timestamp;
  modified_at: Timestamp | null;
}

export interface CustomerTable {
  id: string;
  organization_id: string;
  /** "individual" or "team". */
  type: string;
  /** Lowercased, so the unique index is case-insensitive; null only for teams. */
  email: string | null;
  email_verified: boolean | number;
  name: string | null;
  billing_name: string | null;
  /** JSON text of the address, or null. */
  billing_address: string | null;
  tax_id: string | null;
  tax_id_format: string | null;
  locale: string | null;
  external_id: string | null;
  /** JSON text. */
  metadata: string;
  created_at: Timestamp;
  modified_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

export interface CustomerSessionTable {
  id: string;
  organization_id: string;
  customer_id: string;
  /** SHA-256 of the `polar_cst_` token, hex. */
  token_hash: string;
  expires_at: Timestamp;
  return_url: string | null;
  created_at: Timestamp;
  modified_at: Timestamp | null;
}

export interface WebhookEndpointTable {
  id: string;
  organization_id: string;
  url: string;
  name: string | null;
  format: "raw" | "discord" | "slack";
  /** JSON array of event types. */
  events: string;
  /** Encrypted with AUTH_SECRET (better-auth's symmetricEncrypt). */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Timestamp | null;
  enabled: Bool;
  disabled_reason: "gone" | "failing" | null;
  consecutive_failures: number;
  lease_owner: string | null;
  lease_until: Timestamp | null;
  created_at: Timestamp;
  modified_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

export type WebhookEventStatus = "pending" | "succeeded" | "failed" | "skipped";

export interface WebhookEventTable {
  /** Generated; bigint comes back as a string from pg. */
  seq: Generated<number | string>;
  id: string;
  organization_id: string;
  endpoint_id: string;
  type: string;
  payload: string | null;
  status: WebhookEventStatus;
  attempts: number;
  next_attempt_at: Timestamp | null;
  last_http_code: number | null;
  created_at: Timestamp;
  modified_at: Timestamp | null;
}

export interface WebhookDeliveryTable {
  id: string;
  organization_id: string;
  endpoint_id: string;
  webhook_event_id: string;
  succeeded: Bool;
  http_code: number | null;
  response: string | null;
  duration_ms: number;
  created_at: Timestamp;
  modified_at: Timestamp | null;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  passkey: PasskeyTable;
  twoFactor: TwoFactorTable;
  rateLimit: RateLimitTable;
  job: JobTable;
  dev_mail: DevMailTable;
  organization: OrganizationTable;
  organizationRole: OrganizationRoleTable;
  team: TeamTable;
  teamMember: TeamMemberTable;
  member: MemberTable;
  invitation: InvitationTable;
  apikey: ApiKeyTable;
  audit_log: AuditLogTable;
  organization_access_token: OrganizationAccessTokenTable;
  file: FileTable;
  meter: MeterTable;
  customer: CustomerTable;
  customer_session: CustomerSessionTable;
  benefit: BenefitTable;
  custom_field: CustomFieldTable;
  discount: DiscountTable;
  discount_product: DiscountProductTable;
  checkout_link: CheckoutLinkTable;
  checkout_link_product: CheckoutLinkProductTable;
  billing_organization: BillingOrganizationTable;
  product: ProductTable;
  product_price: ProductPriceTable;
  product_benefit: ProductBenefitTable;
  product_media: ProductMediaTable;
  product_custom_field: ProductCustomFieldTable;
  webhook_endpoint: WebhookEndpointTable;
  webhook_event: WebhookEventTable;
  webhook_delivery: WebhookDeliveryTable;
}

export const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
