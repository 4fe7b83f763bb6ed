import { isIP } from "node:net";
import { generateWebhookSecret } from "@gatehouse/webhooks";
import type { Deps } from "../../deps.ts";
import { paginate } from "../api/pagination.ts";
import { polarErrors } from "../api/polar-errors.ts";
import type { Tenant } from "../api/tenant.ts";
import { findOrganization } from "../organizations/organizations.repository.ts";
import { serializeOrganization } from "../organizations/organizations.serialize.ts";
import { addressRange } from "./webhooks.network.ts";
import {
  deliveriesOf,
  findWebhookEndpoint,
  findWebhookEvent,
  insertWebhookEndpoint,
  insertWebhookEvent,
  latestAttemptSucceeded,
  requeueWebhookEvent,
  resumePendingEvents,
  skipPendingEvents,
  softDeleteWebhookEndpoint,
  updateWebhookEndpoint,
  type WebhookEndpointRow,
  webhookEndpointsOf,
} from "./webhooks.repository.ts";
import type {
  ListWebhookDeliveriesQueryIn,
  WebhookEndpointCreateIn,
  WebhookEndpointOut,
  WebhookEndpointUpdateIn,
  WebhookEventOut,
} from "./webhooks.schemas.ts";
import { encryptSecret } from "./webhooks.secrets.ts";
import { serializeWebhookDelivery, serializeWebhookEndpoint, serializeWebhookEvent } from "./webhooks.serialize.ts";

type Services = Pick<Deps, "db" | "clock" | "ids" | "config">;

const ENDPOINT_NOT_FOUND = "Webhook endpoint not found";

/**
 * Refuses, when private networks are not allowed, a URL we can judge bad without resolving it:
 * plain http, `localhost`, or an IP literal outside public unicast. A name that resolves to a
 * private address is refused at send time (webhooks.network.ts), since DNS can change after this.
 */
function checkUrlTarget(config: Services["config"], raw: string, loc: (string | number)[]): void {
  if (config.webhooks.allowPrivateNetworks) return;
  const url = new URL(raw);
  if (url.protocol !== "https:") throw polarErrors.invalid(loc, "The URL must use https.");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) {
    throw polarErrors.invalid(loc, "Webhooks are only sent to public addresses; localhost is not one.");
  }
  if (isIP(host)) {
    const range = addressRange(host);
    if (range !== "unicast") throw polarErrors.invalid(loc, `${host} is a ${range} address; webhooks are only sent to public addresses.`);
  }
}

async function endpointOrNotFound(deps: Services, organizationId: string, id: string): Promise<WebhookEndpointRow> {
  const row = await findWebhookEndpoint(deps.db, organizationId, id);
  if (!row) throw polarErrors.notFound(ENDPOINT_NOT_FOUND);
  return row;
}

const eventsText = (events: readonly string[]) => JSON.stringify([...new Set(events)]);

export async function createWebhookEndpoint(deps: Services, tenant: Tenant, input: WebhookEndpointCreateIn): Promise<WebhookEndpointOut> {
  checkUrlTarget(deps.config, input.url, ["body", "url"]);
  const secret = generateWebhookSecret();
  const row = {
    id: deps.ids.uuid(),
    organization_id: tenant.organizationId,
    url: input.url,
    name: input.name ?? null,
    format: input.format,
    events: eventsText(input.events),
    secret: await encryptSecret(deps.config, secret),
    previous_secret: null,
    previous_secret_expires_at: null,
    enabled: true,
    disabled_reason: null,
    consecutive_failures: 0,
    lease_owner: null,
    lease_until: null,
    created_at: deps.clock.now().toISOString(),
    modified_at: null,
    deleted_at: null,
  } satisfies WebhookEndpointRow;
  await insertWebhookEndpoint(deps.db, row);
  return serializeWebhookEndpoint(row, secret);
}

export async function getWebhookEndpoint(deps: Services, tenant: Tenant, id: string): Promise<WebhookEndpointOut> {
  return serializeWebhookEndpoint(await endpointOrNotFound(deps, tenant.organizationId, id));
}

export function listWebhookEndpoints(deps: Services, tenant: Tenant, query: { page: number; limit: number }) {
  const rows = webhookEndpointsOf(deps.db, tenant.organizationId).orderBy("created_at", "desc").orderBy("id", "asc");
  return paginate(rows, query, (row) => serializeWebhookEndpoint(row));
}

export async function updateWebhookEndpointById(
  deps: Services,
  tenant: Tenant,
  id: string,
  input: WebhookEndpointUpdateIn,
): Promise<WebhookEndpointOut> {
  const { organizationId } = tenant;
  if (input.url) checkUrlTarget(deps.config, input.url, ["body", "url"]);
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const existing = await findWebhookEndpoint(trx, organizationId, id);
    if (!existing) throw polarErrors.notFound(ENDPOINT_NOT_FOUND);
    // Turning an endpoint back on is the merchant saying it is fixed: the failure count starts
    // over, and what waited for it (backing off, or held while it was off) goes now.
    const reenabled = input.enabled === true && !existing.enabled;
    await updateWebhookEndpoint(trx, organizationId, id, {
      // url, format, events and enabled cannot be null; a null there means "leave it".
      ...(input.url ? { url: input.url } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.format ? { format: input.format } : {}),
      ...(input.events ? { events: eventsText(input.events) } : {}),
      ...(typeof input.enabled === "boolean" ? { enabled: input.enabled } : {}),
      ...(input.enabled === true ? { disabled_reason: null, consecutive_failures: 0 } : {}),
      modified_at: now,
    });
    if (reenabled) await resumePendingEvents(trx, organizationId, id, now);
  });
  return getWebhookEndpoint(deps, tenant, id);
}

/**
 * A new secret, shown in this answer only. The old one keeps signing beside it for the configured
 * overlap, so receivers can switch without rejecting anything in between.
 */
export async function resetWebhookEndpointSecret(deps: Services, tenant: Tenant, id: string): Promise<WebhookEndpointOut> {
  const { organizationId } = tenant;
  const secret = generateWebhookSecret();
  const encrypted = await encryptSecret(deps.config, secret);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const existing = await findWebhookEndpoint(trx, organizationId, id);
    if (!existing) throw polarErrors.notFound(ENDPOINT_NOT_FOUND);
    await updateWebhookEndpoint(trx, organizationId, id, {
      secret: encrypted,
      previous_secret: existing.secret,
      previous_secret_expires_at: new Date(now.getTime() + deps.config.webhooks.secretOverlapSeconds * 1000).toISOString(),
      modified_at: now.toISOString(),
    });
  });
  return serializeWebhookEndpoint(await endpointOrNotFound(deps, organizationId, id), secret);
}

/**
 * Deleting keeps the row (the delivery log still points at it) but nothing more is sent: what was
 * still waiting is marked skipped — not failed, since nothing was tried and nothing failed.
 */
export async function deleteWebhookEndpoint(deps: Services, tenant: Tenant, id: string): Promise<void> {
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await softDeleteWebhookEndpoint(trx, tenant.organizationId, id, now))) throw polarErrors.notFound(ENDPOINT_NOT_FOUND);
    await skipPendingEvents(trx, tenant.organizationId, id, now);
  });
}

export async function listWebhookDeliveries(deps: Services, tenant: Tenant, query: ListWebhookDeliveriesQueryIn) {
  const { organizationId } = tenant;
  const rows = deliveriesOf(deps.db, organizationId, {
    endpointIds: query.endpoint_id,
    start: query.start_timestamp ? utcIso(query.start_timestamp) : undefined,
    end: query.end_timestamp ? utcIso(query.end_timestamp) : undefined,
    succeeded: query.succeeded,
    query: query.query,
    httpCodeClass: query.http_code_class,
    eventTypes: query.event_type,
  });
  const page = await paginate(rows, query, (row) => row);
  const latest = await latestAttemptSucceeded(deps.db, organizationId, [...new Set(page.items.map((row) => row.event_id))]);
  return { items: page.items.map((row) => serializeWebhookDelivery(row, latest.get(row.event_id))), pagination: page.pagination };
}

/** A timestamp without an offset is taken as UTC, as Polar's API does. */
function utcIso(value: string): string {
  const hasZone = /[zZ]|[+-]\d\d:?\d\d$/.test(value) || !value.includes("T");
  return new Date(hasZone ? value : `${value}Z`).toISOString();
}

/**
 * Sends the event again, with the same id, as soon as its endpoint is free. An event of a deleted
 * endpoint has nowhere to go, and a purged one has nothing to send: both are refused.
 */
export async function redeliverWebhookEvent(deps: Services, tenant: Tenant, id: string): Promise<void> {
  const { organizationId } = tenant;
  const event = await findWebhookEvent(deps.db, organizationId, id);
  if (!event) throw polarErrors.notFound("Webhook event not found");
  if (event.payload === null) {
    throw polarErrors.invalid(["path", "id"], "This event is archived: its payload was purged, so it cannot be redelivered.");
  }
  if (event.endpoint_deleted_at !== null) throw polarErrors.invalid(["path", "id"], "The endpoint of this event was deleted.");
  await requeueWebhookEvent(deps.db, organizationId, id, deps.clock.now().toISOString());
}

/**
 * Gatehouse extension: queues an `organization.updated` event carrying the organization as the API
 * shows it, to this endpoint only and whatever it subscribed to, so its receiver can be tried out
 * with a real, signed event.
 */
export async function sendTestWebhookEvent(deps: Services, tenant: Tenant, id: string): Promise<WebhookEventOut> {
  const { organizationId } = tenant;
  const endpoint = await endpointOrNotFound(deps, organizationId, id);
  if (!endpoint.enabled) throw polarErrors.invalid(["path", "id"], "The endpoint is disabled; enable it to send a test event.");
  const organization = await findOrganization(deps.db, organizationId);
  if (!organization) throw polarErrors.notFound(ENDPOINT_NOT_FOUND);
  const now = deps.clock.now().toISOString();
  const type = "organization.updated";
  const row = {
    id: deps.ids.uuid(),
    organization_id: organizationId,
    endpoint_id: endpoint.id,
    type,
    payload: JSON.stringify({ type, timestamp: now, data: serializeOrganization(organization) }),
    status: "pending" as const,
    attempts: 0,
    next_attempt_at: now,
    last_http_code: null,
    created_at: now,
    modified_at: null,
  };
  await insertWebhookEvent(deps.db, row);
  return serializeWebhookEvent(row, undefined);
}
