import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/** The outbox every side effect goes through, and the development mailbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("job")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull().defaultTo(10))
    .addColumn("run_at", t.timestamp, (c) => c.notNull())
    .addColumn("locked_by", "text")
    .addColumn("locked_until", t.timestamp)
    .addColumn("last_error", "text")
    .addColumn("dedupe_key", "text", (c) => c.unique())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  // The claim query scans due jobs by status and time; this keeps it an index range scan.
  await db.schema.createIndex("job_status_run_at_idx").on("job").columns(["status", "run_at"]).execute();

  await db.schema
    .createTable("dev_mail")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
}
