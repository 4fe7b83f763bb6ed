import type { Kysely } from "kysely";
import { sql } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Billing customers and their portal sessions. Deleting a customer is soft (deleted_at), and the
 * email and external id are unique only among live customers, so both can be reused afterwards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("customer")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("email_verified", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("name", "text")
    .addColumn("billing_name", "text")
    .addColumn("billing_address", "text")
    .addColumn("tax_id", "text")
    .addColumn("tax_id_format", "text")
    .addColumn("locale", "text")
    .addColumn("external_id", "text")
    .addColumn("metadata", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("modified_at", t.timestamp)
    .addColumn("deleted_at", t.timestamp)
    .execute();
  await db.schema.createIndex("customer_organization_idx").on("customer").columns(["organization_id", "created_at"]).execute();
  // Emails are stored lowercased, so a plain unique index is case-insensitive.
  await db.schema
    .createIndex("customer_organization_email_live_uq")
    .on("customer")
    .columns(["organization_id", "email"])
    .unique()
    .where(sql.ref("deleted_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("customer_organization_external_id_live_uq")
    .on("customer")
    .columns(["organization_id", "external_id"])
    .unique()
    .where(sql.ref("deleted_at"), "is", null)
    .execute();

  await db.schema
    .createTable("customer_session")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("customer_id", "text", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("return_url", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("modified_at", t.timestamp)
    .execute();
  await db.schema
    .createIndex("customer_session_organization_idx")
    .on("customer_session")
    .columns(["organization_id", "customer_id"])
    .execute();
}
