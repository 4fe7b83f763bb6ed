import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Products and their prices, plus the ordered links to benefits, media files and custom fields.
 * Prices are never deleted (orders and subscriptions point at them), only archived. Every link
 * table carries organization_id so a tenant's rows can be read without joining the product.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("product")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("visibility", "text", (c) => c.notNull())
    .addColumn("recurring_interval", "text")
    .addColumn("recurring_interval_count", "integer")
    .addColumn("trial_interval", "text")
    .addColumn("trial_interval_count", "integer")
    .addColumn("meter_interval", "text")
    .addColumn("meter_interval_count", "integer")
    .addColumn("is_archived", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("metadata", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("modified_at", t.timestamp)
    .execute();
  await db.schema.createIndex("product_organization_idx").on("product").columns(["organization_id", "created_at"]).execute();

  await db.schema
    .createTable("product_price")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("amount_type", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("price_currency", "text", (c) => c.notNull())
    .addColumn("tax_behavior", "text")
    .addColumn("price_amount", "integer")
    .addColumn("minimum_amount", "integer")
    .addColumn("maximum_amount", "integer")
    .addColumn("preset_amount", "integer")
    // A decimal string (up to 12 places): text keeps it exact on both engines.
    .addColumn("unit_amount", "text")
    .addColumn("cap_amount", "integer")
    .addColumn("meter_id", "text", (c) => c.references("meter.id").onDelete("no action"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("is_archived", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("modified_at", t.timestamp)
    .execute();
  await db.schema.createIndex("product_price_organization_idx").on("product_price").columns(["organization_id"]).execute();
  await db.schema.createIndex("product_price_product_idx").on("product_price").columns(["product_id", "position"]).execute();
  await db.schema.createIndex("product_price_meter_idx").on("product_price").columns(["meter_id"]).execute();

  const link = async (
    table: string,
    column: string,
    target: string,
    extra?: (b: ReturnType<typeof createLink>) => ReturnType<typeof createLink>,
  ) => {
    let builder = createLink(db, table, column, target);
    if (extra) builder = extra(builder);
    await builder.execute();
    await db.schema.createIndex(`${table}_organization_idx`).on(table).columns(["organization_id"]).execute();
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).columns([column]).execute();
  };
  await link("product_benefit", "benefit_id", "benefit.id");
  await link("product_media", "file_id", "file.id");
  await link("product_custom_field", "custom_field_id", "custom_field.id", (b) => b.addColumn("required", t.boolean, (c) => c.notNull()));
}

/** An ordered link from a product to another organization-owned row; removing either removes it. */
function createLink(db: Kysely<unknown>, table: string, column: string, target: string) {
  return db.schema
    .createTable(table)
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn(column, "text", (c) => c.notNull().references(target).onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, ["product_id", column]);
}
