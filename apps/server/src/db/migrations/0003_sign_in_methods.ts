import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * The username, passkey and two-factor plugins' schema, shaped exactly as better-auth 1.7's
 * generator emits it (the schema test asks its planner to confirm nothing is missing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema.alterTable("user").addColumn("username", "text").execute();
  await db.schema.alterTable("user").addColumn("displayUsername", "text").execute();
  await db.schema
    .alterTable("user")
    .addColumn("twoFactorEnabled", t.boolean, (c) => c.defaultTo(t.false))
    .execute();
  await db.schema.createIndex("user_username_uidx").on("user").column("username").unique().execute();

  await db.schema
    .createTable("passkey")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("name", "text")
    .addColumn("publicKey", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("credentialID", "text", (c) => c.notNull())
    .addColumn("counter", "integer", (c) => c.notNull())
    .addColumn("deviceType", "text", (c) => c.notNull())
    .addColumn("backedUp", t.boolean, (c) => c.notNull())
    .addColumn("transports", "text")
    .addColumn("createdAt", t.timestamp)
    .addColumn("aaguid", "text")
    .execute();
  await db.schema.createIndex("passkey_userId_idx").on("passkey").column("userId").execute();
  // Unique (better-auth generates a plain index): one authenticator belongs to one account, even
  // when two registrations of it race past the "previously registered" check.
  await db.schema.createIndex("passkey_credentialID_idx").on("passkey").column("credentialID").unique().execute();

  await db.schema
    .createTable("twoFactor")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backupCodes", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("verified", t.boolean)
    .addColumn("failedVerificationCount", "integer")
    .addColumn("lockedUntil", t.timestamp)
    .execute();
  await db.schema.createIndex("twoFactor_secret_idx").on("twoFactor").column("secret").execute();
  await db.schema.createIndex("twoFactor_userId_idx").on("twoFactor").column("userId").execute();
}
