import type { ColumnType } from "kysely";

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
}

export const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
