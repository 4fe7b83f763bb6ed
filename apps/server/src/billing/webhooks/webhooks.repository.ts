import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { DB, WebhookEndpointTable, WebhookEventTable } from "../../db/schema.ts";
import { containsInsensitive } from "../api/sql.ts";
import type { HTTP_CODE_CLASSES } from "./webhooks.schemas.ts";

export type WebhookEndpointRow = Selectable<WebhookEndpointTable>;

/** The organization's endpoints that have not been deleted. */
export function webhookEndpointsOf(db: Kysely<DB>, organizationId: string) {
  return db.selectFrom("webhook_endpoint").selectAll().where("organization_id", "=", organizationId).where("deleted_at", "is", null);
}

export function findWebhookEndpoint(db: Kysely<DB>, organizationId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  return webhookEndpointsOf(db, organizationId).where("id", "=", id).executeTakeFirst();
}

export async function insertWebhookEndpoint(db: Kysely<DB>, row: Insertable<WebhookEndpointTable>): Promise<void> {
  await db.insertInto("webhook_endpoint").values(row).execute();
}

export async function updateWebhookEndpoint(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
  changes: Updateable<WebhookEndpointTable>,
): Promise<void> {
  await db
    .updateTable("webhook_endpoint")
    .set(changes)
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .execute();
}

export async function softDeleteWebhookEndpoint(db: Kysely<DB>, organizationId: string, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("webhook_endpoint")
    .set({ deleted_at: now, modified_at: now, enabled: false })
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every event still waiting for an endpoint becomes skipped: it will not be sent. */
export async function skipPendingEvents(db: Kysely<DB>, organizationId: string, endpointId: string, now: string): Promise<void> {
  await db
    .updateTable("webhook_event")
    .set({ status: "skipped", next_attempt_at: null, modified_at: now })
    .where("organization_id", "=", organizationId)
    .where("endpoint_id", "=", endpointId)
    .where("status", "=", "pending")
    .execute();
}

/** The endpoint's waiting events become due now (those backing off after failures included). */
export async function resumePendingEvents(db: Kysely<DB>, organizationId: string, endpointId: string, now: string): Promise<void> {
  await db
    .updateTable("webhook_event")
    .set({ next_attempt_at: now, modified_at: now })
    .where("organization_id", "=", organizationId)
    .where("endpoint_id", "=", endpointId)
    .where("status", "=", "pending")
    .execute();
}

export async function insertWebhookEvent(db: Kysely<DB>, row: Insertable<WebhookEventTable>): Promise<void> {
  await db.insertInto("webhook_event").values(row).execute();
}

/** The event with the endpoint's deletion mark, whatever state the endpoint is in. */
export function findWebhookEvent(db: Kysely<DB>, organizationId: string, id: string) {
  return db
    .selectFrom("webhook_event")
    .innerJoin("webhook_endpoint", "webhook_endpoint.id", "webhook_event.endpoint_id")
    .selectAll("webhook_event")
    .select("webhook_endpoint.deleted_at as endpoint_deleted_at")
    .where("webhook_event.organization_id", "=", organizationId)
    .where("webhook_event.id", "=", id)
    .executeTakeFirst();
}

/**
 * Puts the event back in line with the same id (so the receiver can tell it is the same event) and
 * a fresh retry schedule, as a new event would have.
 */
export async function requeueWebhookEvent(db: Kysely<DB>, organizationId: string, id: string, now: string): Promise<void> {
  await db
    .updateTable("webhook_event")
    .set({ status: "pending", attempts: 0, next_attempt_at: now, modified_at: now })
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .execute();
}

export interface DeliveryFilters {
  endpointIds?: string[];
  start?: string;
  end?: string;
  succeeded?: boolean;
  query?: string;
  httpCodeClass?: (typeof HTTP_CODE_CLASSES)[number];
  eventTypes?: string[];
}

/** The organization's delivery attempts with their event, newest first. */
export function deliveriesOf(db: Kysely<DB>, organizationId: string, filters: DeliveryFilters) {
  let select = db
    .selectFrom("webhook_delivery")
    .innerJoin("webhook_event", "webhook_event.id", "webhook_delivery.webhook_event_id")
    .select([
      "webhook_delivery.id",
      "webhook_delivery.created_at",
      "webhook_delivery.modified_at",
      "webhook_delivery.succeeded",
      "webhook_delivery.http_code",
      "webhook_delivery.response",
      "webhook_delivery.duration_ms",
      "webhook_event.id as event_id",
      "webhook_event.created_at as event_created_at",
      "webhook_event.modified_at as event_modified_at",
      "webhook_event.type as event_type",
      "webhook_event.payload as event_payload",
      "webhook_event.status as event_status",
      "webhook_event.last_http_code as event_last_http_code",
    ])
    .where("webhook_delivery.organization_id", "=", organizationId)
    .where("webhook_event.organization_id", "=", organizationId);
  if (filters.endpointIds?.length) select = select.where("webhook_delivery.endpoint_id", "in", filters.endpointIds);
  if (filters.start) select = select.where("webhook_delivery.created_at", ">=", filters.start);
  if (filters.end) select = select.where("webhook_delivery.created_at", "<=", filters.end);
  if (filters.succeeded !== undefined) select = select.where("webhook_delivery.succeeded", "=", filters.succeeded);
  if (filters.eventTypes?.length) select = select.where("webhook_event.type", "in", filters.eventTypes);
  if (filters.httpCodeClass) {
    const floor = Number(filters.httpCodeClass[0]) * 100;
    select = select.where("webhook_delivery.http_code", ">=", floor).where("webhook_delivery.http_code", "<", floor + 100);
  }
  const text = filters.query;
  if (text) {
    select = select.where((eb) =>
      eb.or([
        eb("webhook_event.id", "=", text),
        containsInsensitive("webhook_event.payload", text),
        containsInsensitive("webhook_delivery.response", text),
      ]),
    );
  }
  return select.orderBy("webhook_delivery.created_at", "desc").orderBy("webhook_delivery.id", "desc");
}

export type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliveriesOf>["executeTakeFirstOrThrow"]>>;

/** Whether the latest attempt at each event succeeded; events never attempted are absent. */
export async function latestAttemptSucceeded(
  db: Kysely<DB>,
  organizationId: string,
  eventIds: readonly string[],
): Promise<Map<string, boolean>> {
  const latest = new Map<string, boolean>();
  if (eventIds.length === 0) return latest;
  const rows = await db
    .selectFrom("webhook_delivery")
    .select(["webhook_event_id", "succeeded"])
    .where("organization_id", "=", organizationId)
    .where("webhook_event_id", "in", [...eventIds])
    // Oldest first, so the last write per event wins.
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  for (const row of rows) latest.set(row.webhook_event_id, Boolean(row.succeeded));
  return latest;
}
