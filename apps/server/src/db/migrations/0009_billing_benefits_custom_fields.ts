import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Benefits and custom fields. Their type-specific properties are JSON text: each type has its own
 * small shape, validated by the API schemas, and nothing queries inside it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("benefit")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("visibility", "text", (c) => c.notNull())
    .addColumn("selectable", t.boolean, (c) => c.notNull())
    .addColumn("deletable", t.boolean, (c) => c.notNull())
    .addColumn("properties", "text", (c) => c.notNull())
    .addColumn("metadata", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("modified_at", t.timestamp)
    .execute();
  await db.schema.createIndex("benefit_organization_idx").on("benefit").columns(["organization_id", "created_at"]).execute();

  await db.schema
    .createTable("custom_field")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("properties", "text", (c) => c.notNull())
    .addColumn("metadata", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("modified_at", t.timestamp)
    .addUniqueConstraint("custom_field_organization_slug_key", ["organization_id", "slug"])
    .execute();
  await db.schema.createIndex("custom_field_organization_idx").on("custom_field").columns(["organization_id", "created_at"]).execute();
}
