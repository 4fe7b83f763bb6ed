import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * The organization (teams and custom roles on), admin and API-key plugins' schema, shaped exactly
 * as better-auth 1.7's generator emits it, plus our audit log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema.alterTable("user").addColumn("role", "text").execute();
  await db.schema
    .alterTable("user")
    .addColumn("banned", t.boolean, (c) => c.defaultTo(t.false))
    .execute();
  await db.schema.alterTable("user").addColumn("banReason", "text").execute();
  await db.schema.alterTable("user").addColumn("banExpires", t.timestamp).execute();
  await db.schema.alterTable("session").addColumn("activeOrganizationId", "text").execute();
  await db.schema.alterTable("session").addColumn("activeTeamId", "text").execute();
  await db.schema.alterTable("session").addColumn("impersonatedBy", "text").execute();

  await db.schema
    .createTable("organization")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("logo", "text")
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("metadata", "text")
    .execute();

  await db.schema
    .createTable("organizationRole")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("permission", "text", (c) => c.notNull())
    .addColumn("createdAt", t.timestamp, (c) => t.defaultNow(c).notNull())
    .addColumn("updatedAt", t.timestamp)
    .execute();

  await db.schema
    .createTable("team")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("memberCount", "integer", (c) => c.notNull())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("updatedAt", t.timestamp)
    .execute();

  await db.schema
    .createTable("teamMember")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("teamId", "text", (c) => c.notNull().references("team.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("membershipKey", "text", (c) => c.unique())
    .addColumn("createdAt", t.timestamp)
    .execute();

  await db.schema
    .createTable("member")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("invitation")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text")
    .addColumn("teamId", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("expiresAt", t.timestamp, (c) => c.notNull())
    .addColumn("createdAt", t.timestamp, (c) => t.defaultNow(c).notNull())
    .addColumn("inviterId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .execute();

  await db.schema
    .createTable("apikey")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("configId", "text", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("start", "text")
    .addColumn("referenceId", "text", (c) => c.notNull())
    .addColumn("prefix", "text")
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("refillInterval", "integer")
    .addColumn("refillAmount", "integer")
    .addColumn("lastRefillAt", t.timestamp)
    .addColumn("enabled", t.boolean)
    .addColumn("rateLimitEnabled", t.boolean)
    .addColumn("rateLimitTimeWindow", "integer")
    .addColumn("rateLimitMax", "integer")
    .addColumn("requestCount", "integer")
    .addColumn("remaining", "integer")
    .addColumn("lastRequest", t.timestamp)
    .addColumn("expiresAt", t.timestamp)
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .addColumn("permissions", "text")
    .addColumn("metadata", "text")
    .execute();

  const indexes: [table: string, column: string][] = [
    ["organizationRole", "organizationId"],
    ["organizationRole", "role"],
    ["team", "organizationId"],
    ["teamMember", "teamId"],
    ["teamMember", "userId"],
    ["member", "organizationId"],
    ["member", "userId"],
    ["invitation", "organizationId"],
    ["invitation", "email"],
    ["apikey", "configId"],
    ["apikey", "referenceId"],
    ["apikey", "key"],
  ];
  for (const [table, column] of indexes) {
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  }
  // Beyond the generator: one membership per person and organization, even when two acceptances
  // of invitations to the same address race past better-auth's "already a member" check.
  await db.schema.createIndex("member_organization_user_uidx").on("member").columns(["organizationId", "userId"]).unique().execute();

  // Who did what, where, from which address. No foreign keys: the record must outlive the user,
  // organization or key it names.
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("actor_user_id", "text")
    .addColumn("impersonator_user_id", "text")
    .addColumn("organization_id", "text")
    .addColumn("target_type", "text")
    .addColumn("target_id", "text")
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("details", "text")
    .execute();
  await db.schema.createIndex("audit_log_created_at_idx").on("audit_log").column("created_at").execute();
  await db.schema.createIndex("audit_log_organization_idx").on("audit_log").columns(["organization_id", "created_at"]).execute();
  await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["actor_user_id", "created_at"]).execute();
}
