import { type Kysely, type Selectable, sql } from "kysely";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { type DB, toDate, type WebhookEndpointTable, type WebhookEventTable } from "../../db/schema.ts";
import type { Clock } from "../../shared/clock.ts";
import type { Ids } from "../../shared/ids.ts";
import type { Logger } from "../../shared/logger.ts";
import { toBool } from "../api/wire.ts";
import { notifyEndpointDisabled, purgeExpiredPayloads } from "./webhooks.jobs.ts";
import { nextAttemptAt, parseRetryAfter } from "./webhooks.retry.ts";
import { decryptSecret } from "./webhooks.secrets.ts";
import { type AttemptResult, sendWebhook, webhookRequest } from "./webhooks.sender.ts";

export interface DispatcherOptions {
  db: Database;
  config: Pick<Config, "webhooks" | "authSecret" | "baseUrl">;
  clock: Clock;
  ids: Ids;
  log: Logger;
  /** The lease owner written on endpoints; one per process. */
  workerId?: string;
  /** Endpoints served at once. */
  concurrency?: number;
  /** Events one endpoint gets per tick before the others have their turn. */
  eventsPerEndpoint?: number;
  /** How often the runner looks for due events (the job queue's poll is slower). */
  pollMs?: number;
}

type Endpoint = Pick<
  Selectable<WebhookEndpointTable>,
  "id" | "organization_id" | "url" | "name" | "format" | "secret" | "previous_secret" | "previous_secret_expires_at" | "enabled"
>;
type Event = Pick<Selectable<WebhookEventTable>, "id" | "organization_id" | "endpoint_id" | "payload" | "attempts" | "created_at">;

const ENDPOINT_COLUMNS = [
  "id",
  "organization_id",
  "url",
  "name",
  "format",
  "secret",
  "previous_secret",
  "previous_secret_expires_at",
  "enabled",
] as const;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Sends webhook events, never two to one endpoint at once and always an endpoint's oldest pending
 * event first. Exclusivity is a lease on the endpoint row (lease_owner, lease_until) taken with a
 * conditional UPDATE, so it holds across processes on PostgreSQL as well; a worker that dies
 * leaves a lease that lapses, and the next worker re-sends the same event with the same
 * webhook-id. Delivery is therefore at least once, in order, per endpoint.
 */
export class WebhookDispatcher {
  readonly name = "webhooks";
  readonly pollMs: number;
  readonly workerId: string;
  private readonly o: DispatcherOptions;
  private lastPurgeAt: number | undefined;

  constructor(options: DispatcherOptions) {
    this.o = options;
    this.workerId = options.workerId ?? options.ids.next("webhooks");
    this.pollMs = options.pollMs ?? 200;
  }

  /** One round over the due endpoints; returns how many events it attempted to send. */
  async tick(): Promise<number> {
    await this.purgeWhenDue();
    const { concurrency = 8 } = this.o;
    const endpointIds = await this.dueEndpoints(concurrency * 4);
    let attempted = 0;
    const queue = [...endpointIds];
    const serve = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) attempted += await this.serveEndpoint(id);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, serve));
    return attempted;
  }

  /** Endpoints whose oldest pending event is due, whose lease is free, and that may be sent to. */
  private async dueEndpoints(limit: number): Promise<string[]> {
    const now = this.o.clock.now().toISOString();
    const rows = await this.o.db
      .selectFrom("webhook_event as head")
      .innerJoin("webhook_endpoint as endpoint", "endpoint.id", "head.endpoint_id")
      .select("head.endpoint_id")
      .where("head.status", "=", "pending")
      .where("head.next_attempt_at", "<=", now)
      .where("endpoint.enabled", "=", true)
      .where("endpoint.deleted_at", "is", null)
      .where((eb) => eb.or([eb("endpoint.lease_until", "is", null), eb("endpoint.lease_until", "<", now)]))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("webhook_event as earlier")
              .select(sql`1`.as("one"))
              .whereRef("earlier.endpoint_id", "=", "head.endpoint_id")
              .where("earlier.status", "=", "pending")
              .whereRef("earlier.seq", "<", "head.seq"),
          ),
        ),
      )
      .orderBy("head.next_attempt_at")
      .limit(limit)
      .execute();
    return rows.map((row) => row.endpoint_id);
  }

  private leaseUntil(): string {
    return new Date(this.o.clock.now().getTime() + this.o.config.webhooks.leaseMs).toISOString();
  }

  private async takeLease(endpointId: string): Promise<boolean> {
    const now = this.o.clock.now().toISOString();
    const result = await this.o.db
      .updateTable("webhook_endpoint")
      .set({ lease_owner: this.workerId, lease_until: this.leaseUntil() })
      .where("id", "=", endpointId)
      .where("enabled", "=", true)
      .where("deleted_at", "is", null)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Extends our lease and reads the endpoint as it is now; undefined once the lease is someone else's. */
  private async renewLease(db: Kysely<DB>, endpointId: string): Promise<Endpoint | undefined> {
    return db
      .updateTable("webhook_endpoint")
      .set({ lease_until: this.leaseUntil() })
      .where("id", "=", endpointId)
      .where("lease_owner", "=", this.workerId)
      .returning(ENDPOINT_COLUMNS)
      .executeTakeFirst();
  }

  private async releaseLease(endpointId: string): Promise<void> {
    await this.o.db
      .updateTable("webhook_endpoint")
      .set({ lease_owner: null, lease_until: null })
      .where("id", "=", endpointId)
      .where("lease_owner", "=", this.workerId)
      .execute();
  }

  private async serveEndpoint(endpointId: string): Promise<number> {
    const { eventsPerEndpoint = 20, log } = this.o;
    if (!(await this.takeLease(endpointId))) return 0;
    let attempted = 0;
    try {
      while (attempted < eventsPerEndpoint) {
        const endpoint = await this.renewLease(this.o.db, endpointId);
        if (!endpoint || !toBool(endpoint.enabled)) break;
        const head = await this.headEvent(endpoint);
        if (!head) break;
        const result = await this.attempt(endpoint, head);
        const outcome = await this.recordAttempt(endpoint, head, result);
        // Counted once recorded: a round that fails before that reports no progress, so drain()
        // stops instead of retrying a broken database in a tight loop.
        attempted += 1;
        // A retry is not due yet, and a lost lease is no longer ours; after success or a final
        // failure the next event is the head now.
        if (outcome === "retry" || outcome === "lost") break;
      }
    } catch (error) {
      log.error({ err: error, endpointId }, "webhook delivery round failed");
    } finally {
      await this.releaseLease(endpointId).catch((error) => log.warn({ err: error, endpointId }, "could not release webhook lease"));
    }
    return attempted;
  }

  /** The endpoint's oldest pending event, if it is due. */
  private async headEvent(endpoint: Endpoint): Promise<Event | undefined> {
    const head = await this.o.db
      .selectFrom("webhook_event")
      .select(["id", "organization_id", "endpoint_id", "payload", "attempts", "created_at", "next_attempt_at"])
      .where("organization_id", "=", endpoint.organization_id)
      .where("endpoint_id", "=", endpoint.id)
      .where("status", "=", "pending")
      .orderBy("seq")
      .limit(1)
      .executeTakeFirst();
    if (!head?.next_attempt_at || toDate(head.next_attempt_at) > this.o.clock.now()) return undefined;
    return head;
  }

  private async attempt(endpoint: Endpoint, event: Event): Promise<AttemptResult> {
    const { config, clock } = this.o;
    // Purged only when it stopped being pending, so this is a safety net, not a path.
    if (event.payload === null) return { httpCode: null, response: "payload purged after the retention time", durationMs: 0 };
    const now = clock.now();
    const secrets: string[] = [];
    try {
      secrets.push(await decryptSecret(config, endpoint.secret));
      // During a rotation's overlap window both secrets sign, so receivers that still have the old
      // one and those that already have the new one both accept.
      if (endpoint.previous_secret && endpoint.previous_secret_expires_at && toDate(endpoint.previous_secret_expires_at) > now) {
        secrets.push(await decryptSecret(config, endpoint.previous_secret));
      }
    } catch {
      // A failed attempt like any other, so the event backs off instead of being retried at once.
      return { httpCode: null, response: "could not decrypt the endpoint's secret (was AUTH_SECRET changed?)", durationMs: 0 };
    }
    const request = webhookRequest(endpoint, { id: event.id, payload: event.payload }, secrets, now);
    const { timeoutMs, leaseMs, allowPrivateNetworks } = config.webhooks;
    // A request never outlives the lease that makes it the only one to this endpoint.
    return sendWebhook(request, { timeoutMs: Math.min(timeoutMs, Math.max(1, Math.floor(leaseMs / 2))), allowPrivateNetworks });
  }

  /**
   * Writes the attempt's consequences in one transaction: the delivery log row, the event's new
   * state and the endpoint's failure count (and, when it comes to that, disabling the endpoint and
   * the mail to its admins). Nothing half-recorded survives a crash.
   */
  private async recordAttempt(endpoint: Endpoint, event: Event, result: AttemptResult): Promise<"succeeded" | "failed" | "retry" | "lost"> {
    const { db, clock, ids, config, log } = this.o;
    const now = clock.now();
    const nowIso = now.toISOString();
    const succeeded = result.httpCode !== null && result.httpCode >= 200 && result.httpCode < 300;
    const gone = result.httpCode === 410;
    const outcome = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("webhook_delivery")
        .values({
          id: ids.uuid(),
          organization_id: event.organization_id,
          endpoint_id: event.endpoint_id,
          webhook_event_id: event.id,
          succeeded,
          http_code: result.httpCode,
          response: result.response,
          duration_ms: result.durationMs,
          created_at: nowIso,
          modified_at: null,
        })
        .execute();
      const settle = (values: { status: "succeeded" | "failed" | "pending"; next_attempt_at: string | null }) =>
        trx
          .updateTable("webhook_event")
          .set({ ...values, attempts: sql`attempts + 1`, last_http_code: result.httpCode, modified_at: nowIso })
          .where("organization_id", "=", event.organization_id)
          .where("id", "=", event.id)
          .where("status", "=", "pending")
          .execute();
      // Our lease lapsed during the request and another worker holds the endpoint now: the attempt
      // is logged, a success is kept (the receiver has it), and the rest is the new holder's call.
      const held = await this.renewLease(trx, endpoint.id);
      if (!held) {
        if (succeeded) await settle({ status: "succeeded", next_attempt_at: null });
        return "lost" as const;
      }
      if (succeeded) {
        await settle({ status: "succeeded", next_attempt_at: null });
        await trx
          .updateTable("webhook_endpoint")
          .set({ consecutive_failures: 0 })
          .where("organization_id", "=", endpoint.organization_id)
          .where("id", "=", endpoint.id)
          .execute();
        return "succeeded" as const;
      }
      const next = gone
        ? null
        : nextAttemptAt({
            attempts: event.attempts + 1,
            createdAt: toDate(event.created_at),
            now,
            retryAfterMs: parseRetryAfter(result.retryAfter, now),
          });
      if (next && event.payload !== null) {
        await settle({ status: "pending", next_attempt_at: next.toISOString() });
        return "retry" as const;
      }
      await settle({ status: "failed", next_attempt_at: null });
      const counted = await trx
        .updateTable("webhook_endpoint")
        .set({ consecutive_failures: sql`consecutive_failures + 1`, modified_at: nowIso })
        .where("organization_id", "=", endpoint.organization_id)
        .where("id", "=", endpoint.id)
        .returning(["consecutive_failures", "enabled"])
        .executeTakeFirstOrThrow();
      const failures = Number(counted.consecutive_failures);
      const reason = gone ? ("gone" as const) : failures >= config.webhooks.disableAfterFailures ? ("failing" as const) : null;
      if (reason && toBool(counted.enabled)) {
        await trx
          .updateTable("webhook_endpoint")
          .set({ enabled: false, disabled_reason: reason, modified_at: nowIso })
          .where("organization_id", "=", endpoint.organization_id)
          .where("id", "=", endpoint.id)
          .execute();
        const notified = await notifyEndpointDisabled(trx, { config, clock, ids }, endpoint, reason, failures);
        log.warn({ endpointId: endpoint.id, reason, failures, notified }, "webhook endpoint disabled");
      }
      return "failed" as const;
    });
    log.debug({ endpointId: endpoint.id, eventId: event.id, httpCode: result.httpCode, outcome }, "webhook attempt");
    return outcome;
  }

  /** Payload retention runs from the dispatcher, at most once an hour per process. */
  private async purgeWhenDue(): Promise<void> {
    const now = this.o.clock.now().getTime();
    if (this.lastPurgeAt !== undefined && now - this.lastPurgeAt < PURGE_EVERY_MS && now >= this.lastPurgeAt) return;
    this.lastPurgeAt = now;
    const purged = await purgeExpiredPayloads(this.o.db, this.o.clock, this.o.config.webhooks.retentionDays);
    if (purged > 0) this.o.log.info({ purged }, "webhook payloads purged after the retention time");
  }
}
