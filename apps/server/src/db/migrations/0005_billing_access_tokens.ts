import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/** Organization access tokens (`polar_oat_…`) for the billing API; only a hash of each is kept. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("organization_access_token")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("comment", "text", (c) => c.notNull())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", t.timestamp)
    .addColumn("last_used_at", t.timestamp)
    .addColumn("created_by_user_id", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("modified_at", t.timestamp)
    .execute();
  await db.schema
    .createIndex("organization_access_token_organization_idx")
    .on("organization_access_token")
    .columns(["organization_id", "created_at"])
    .execute();
}
