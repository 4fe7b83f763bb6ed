import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/** better-auth's core tables, shaped exactly as its schema generator emits them for 1.7. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const { defaultNow } = t;

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", t.boolean, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", t.timestamp, (c) => defaultNow(c).notNull())
    .addColumn("updatedAt", t.timestamp, (c) => defaultNow(c).notNull())
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("expiresAt", t.timestamp, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", t.timestamp, (c) => defaultNow(c).notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", t.timestamp)
    .addColumn("refreshTokenExpiresAt", t.timestamp)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", t.timestamp, (c) => defaultNow(c).notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", t.timestamp, (c) => c.notNull())
    .addColumn("createdAt", t.timestamp, (c) => defaultNow(c).notNull())
    .addColumn("updatedAt", t.timestamp, (c) => defaultNow(c).notNull())
    .execute();

  await db.schema
    .createTable("rateLimit")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("lastRequest", "bigint", (c) => c.notNull())
    .execute();

  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();
}
