import { type Kysely, sql } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Discounts and checkout links. Both are soft-deleted (`deleted_at`): orders, subscriptions and
 * checkouts of later issues keep pointing at them after the merchant removes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("discount")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("code", "text")
    // The code as customers may type it: uniqueness is case-insensitive.
    .addColumn("code_lower", "text")
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("duration", "text", (c) => c.notNull())
    .addColumn("duration_in_months", "integer")
    .addColumn("basis_points", "integer")
    // Fixed discounts: the default currency and the per-currency amounts (JSON text, they can
    // exceed a 32-bit integer).
    .addColumn("currency", "text")
    .addColumn("amounts", "text")
    .addColumn("starts_at", t.timestamp)
    .addColumn("ends_at", t.timestamp)
    .addColumn("max_redemptions", "integer")
    .addColumn("max_redemptions_per_customer", "integer")
    .addColumn("redemptions_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("metadata", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("modified_at", t.timestamp)
    .addColumn("deleted_at", t.timestamp)
    .execute();
  await db.schema.createIndex("discount_organization_idx").on("discount").columns(["organization_id", "created_at"]).execute();
  await db.schema
    .createIndex("discount_organization_code_uniq")
    .on("discount")
    .columns(["organization_id", "code_lower"])
    .unique()
    .where(sql.ref("deleted_at"), "is", null)
    .execute();

  await db.schema
    .createTable("discount_product")
    .addColumn("discount_id", "text", (c) => c.notNull().references("discount.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("discount_product_pk", ["discount_id", "product_id"])
    .execute();
  await db.schema.createIndex("discount_product_product_idx").on("discount_product").column("product_id").execute();
  await db.schema.createIndex("discount_product_organization_idx").on("discount_product").column("organization_id").execute();

  await db.schema
    .createTable("checkout_link")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("client_secret", "text", (c) => c.notNull().unique())
    .addColumn("payment_processor", "text", (c) => c.notNull())
    .addColumn("label", "text")
    .addColumn("success_url", "text")
    .addColumn("return_url", "text")
    .addColumn("allow_discount_codes", t.boolean, (c) => c.notNull())
    .addColumn("require_billing_address", t.boolean, (c) => c.notNull())
    .addColumn("discount_id", "text", (c) => c.references("discount.id").onDelete("set null"))
    .addColumn("trial_interval", "text")
    .addColumn("trial_interval_count", "integer")
    .addColumn("seats", "integer")
    .addColumn("metadata", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("modified_at", t.timestamp)
    .addColumn("deleted_at", t.timestamp)
    .execute();
  await db.schema.createIndex("checkout_link_organization_idx").on("checkout_link").columns(["organization_id", "created_at"]).execute();
  await db.schema.createIndex("checkout_link_discount_idx").on("checkout_link").column("discount_id").execute();

  await db.schema
    .createTable("checkout_link_product")
    .addColumn("checkout_link_id", "text", (c) => c.notNull().references("checkout_link.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    // The order the merchant listed the products in, which the checkout shows.
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("checkout_link_product_pk", ["checkout_link_id", "product_id"])
    .execute();
  await db.schema.createIndex("checkout_link_product_product_idx").on("checkout_link_product").column("product_id").execute();
  await db.schema.createIndex("checkout_link_product_organization_idx").on("checkout_link_product").column("organization_id").execute();
}
