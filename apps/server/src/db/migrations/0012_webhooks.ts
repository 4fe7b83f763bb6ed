import type { Kysely } from "kysely";
import { dialectOf } from "../database.ts";
import { columnTypes } from "./column-types.ts";

/**
 * Webhooks, in Polar's three objects:
 * - `webhook_endpoint`: where to send, what to sign with, and the delivery lease (which worker is
 *   sending to this endpoint now; one at a time keeps an endpoint's events in order);
 * - `webhook_event`: one event for one endpoint — the outbox row, written in the transaction of
 *   the change it reports, and the unit of retries (its id is the `webhook-id` header, so a
 *   re-sent event carries the same id);
 * - `webhook_delivery`: one attempt to send an event, for the delivery log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const pg = dialectOf(db) === "postgres";

  await db.schema
    .createTable("webhook_endpoint")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("format", "text", (c) => c.notNull())
    // JSON array of subscribed event types.
    .addColumn("events", "text", (c) => c.notNull())
    // The signing secret must be usable, so it cannot be hashed: it is encrypted with AUTH_SECRET.
    .addColumn("secret", "text", (c) => c.notNull())
    // After a rotation the old secret also signs until this time, so receivers can switch over.
    .addColumn("previous_secret", "text")
    .addColumn("previous_secret_expires_at", t.timestamp)
    .addColumn("enabled", t.boolean, (c) => c.notNull())
    // Why the endpoint was turned off by us: "gone" (it answered 410) or "failing" (too many
    // consecutive failed events); null when enabled or turned off by the merchant.
    .addColumn("disabled_reason", "text")
    .addColumn("consecutive_failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("modified_at", t.timestamp)
    .addColumn("deleted_at", t.timestamp)
    .execute();
  await db.schema
    .createIndex("webhook_endpoint_organization_idx")
    .on("webhook_endpoint")
    .columns(["organization_id", "created_at"])
    .execute();

  await db.schema
    .createTable("webhook_event")
    // Insertion order, which is the order events are sent to their endpoint.
    .addColumn("seq", pg ? "bigserial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("id", "text", (c) => c.notNull().unique())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("endpoint_id", "text", (c) => c.notNull().references("webhook_endpoint.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    // The whole envelope {type, timestamp, data} as sent; null once purged after the retention time.
    .addColumn("payload", "text")
    // pending → succeeded | failed; skipped when the endpoint was disabled as the event happened.
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", t.timestamp)
    .addColumn("last_http_code", "integer")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("modified_at", t.timestamp)
    .execute();
  await db.schema.createIndex("webhook_event_endpoint_status_idx").on("webhook_event").columns(["endpoint_id", "status", "seq"]).execute();
  await db.schema.createIndex("webhook_event_due_idx").on("webhook_event").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("webhook_event_organization_idx").on("webhook_event").columns(["organization_id", "created_at"]).execute();

  await db.schema
    .createTable("webhook_delivery")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("endpoint_id", "text", (c) => c.notNull().references("webhook_endpoint.id").onDelete("cascade"))
    .addColumn("webhook_event_id", "text", (c) => c.notNull().references("webhook_event.id").onDelete("cascade"))
    .addColumn("succeeded", t.boolean, (c) => c.notNull())
    // null when the endpoint could not be reached (then `response` holds the error).
    .addColumn("http_code", "integer")
    // The first bytes of the answer, for the delivery log.
    .addColumn("response", "text")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("modified_at", t.timestamp)
    .execute();
  await db.schema
    .createIndex("webhook_delivery_organization_idx")
    .on("webhook_delivery")
    .columns(["organization_id", "endpoint_id", "created_at"])
    .execute();
  await db.schema.createIndex("webhook_delivery_event_idx").on("webhook_delivery").column("webhook_event_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webhook_delivery").execute();
  await db.schema.dropTable("webhook_event").execute();
  await db.schema.dropTable("webhook_endpoint").execute();
}
