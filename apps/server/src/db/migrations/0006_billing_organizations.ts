import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Billing's settings for an organization (Polar's "provider organization"). The organization itself
 * stays the identity layer's row; this one exists only once billing settings were changed, and
 * readers apply defaults when it is missing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("billing_organization")
    .addColumn("organization_id", "text", (c) => c.primaryKey().notNull().references("organization.id").onDelete("cascade"))
    .addColumn("settings", "text", (c) => c.notNull())
    .addColumn("details", "text")
    .addColumn("details_submitted_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("modified_at", t.timestamp)
    .execute();
}
