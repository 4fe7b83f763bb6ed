import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Uploaded files (product media, downloadables, avatars; the bytes live in file storage, not here)
 * and usage meters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("file")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("service", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("version", "text")
    .addColumn("checksum_etag", "text")
    .addColumn("checksum_sha256_base64", "text")
    .addColumn("checksum_sha256_hex", "text")
    .addColumn("upload_id", "text", (c) => c.notNull())
    .addColumn("upload_parts", "text", (c) => c.notNull())
    .addColumn("is_uploaded", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("last_modified_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("modified_at", t.timestamp)
    .execute();
  await db.schema.createIndex("file_organization_idx").on("file").columns(["organization_id", "created_at"]).execute();

  await db.schema
    .createTable("meter")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("unit", "text", (c) => c.notNull())
    .addColumn("custom_label", "text")
    .addColumn("custom_multiplier", "integer")
    .addColumn("filter", "text", (c) => c.notNull())
    .addColumn("aggregation", "text", (c) => c.notNull())
    .addColumn("metadata", "text", (c) => c.notNull())
    .addColumn("archived_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("modified_at", t.timestamp)
    .execute();
  await db.schema.createIndex("meter_organization_idx").on("meter").columns(["organization_id", "created_at"]).execute();
}
