import type { Kysely } from "kysely";
import { dialectOf } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { toBool } from "../api/wire.ts";
import type { WebhookEventType } from "./webhooks.event-types.ts";

type Services = Pick<Deps, "clock" | "ids">;

export interface WebhookEventInput {
  organizationId: string;
  type: WebhookEventType;
  /** The object exactly as the API returns it (e.g. a serialized product). */
  data: unknown;
}

/**
 * The outbox for webhooks: call it with the transaction that makes the change, so the event
 * commits (or rolls back) with it — a crash after commit loses nothing, the worker sends it later.
 * One row per subscribed endpoint; an endpoint that is turned off records the event as skipped, so
 * the log shows what it missed and it can be redelivered by hand. Returns how many rows it wrote.
 *
 * Events go out in `seq` order, and `seq` is taken at insert, not at commit. On PostgreSQL two
 * transactions could otherwise commit in the other order than their inserts and the dispatcher
 * would send the later one first; locking the organization's endpoint rows (in id order, so two
 * emitters never deadlock on them) until commit makes emitters to an endpoint take turns, so an
 * endpoint's commit order is its `seq` order. SQLite has one writer, which gives the same for free.
 */
export async function emitWebhookEvent(db: Kysely<DB>, services: Services, event: WebhookEventInput): Promise<number> {
  const endpoints = await db
    .selectFrom("webhook_endpoint")
    .select(["id", "events", "enabled"])
    .where("organization_id", "=", event.organizationId)
    .where("deleted_at", "is", null)
    .orderBy("id")
    // NO KEY UPDATE: emitters exclude each other, while the dispatcher's foreign-key checks on the
    // endpoint (its delivery rows) are not blocked.
    .$if(dialectOf(db) === "postgres", (query) => query.forNoKeyUpdate())
    .execute();
  const subscribed = endpoints.filter((endpoint) => (JSON.parse(endpoint.events) as string[]).includes(event.type));
  if (subscribed.length === 0) return 0;
  const now = services.clock.now().toISOString();
  const payload = JSON.stringify({ type: event.type, timestamp: now, data: event.data });
  await db
    .insertInto("webhook_event")
    .values(
      subscribed.map((endpoint) => {
        const enabled = toBool(endpoint.enabled);
        return {
          id: services.ids.uuid(),
          organization_id: event.organizationId,
          endpoint_id: endpoint.id,
          type: event.type,
          payload,
          status: enabled ? ("pending" as const) : ("skipped" as const),
          attempts: 0,
          next_attempt_at: enabled ? now : null,
          last_http_code: null,
          created_at: now,
          modified_at: null,
        };
      }),
    )
    .execute();
  return subscribed.length;
}
