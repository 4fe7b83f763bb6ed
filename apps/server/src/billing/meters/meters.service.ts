import type { Deps } from "../../deps.ts";
import { encodeMetadata, whereMetadata } from "../api/metadata.ts";
import { paginate } from "../api/pagination.ts";
import { polarErrors } from "../api/polar-errors.ts";
import { applySorting, type SortKey } from "../api/sorting.ts";
import { containsInsensitive } from "../api/sql.ts";
import type { Tenant } from "../api/tenant.ts";
import { bucketStarts } from "./meters.buckets.ts";
import {
  findMeter,
  hasActiveMeteredPrice,
  insertMeter,
  type MeterRow,
  metersOf,
  serializeMeter,
  updateMeter,
} from "./meters.repository.ts";
import type { METER_SORT_KEYS, MeterCreateIn, MeterOut, MeterUpdateIn, TimeInterval } from "./meters.schemas.ts";

type Services = Pick<Deps, "db" | "dialect" | "clock" | "ids">;

/** More buckets than this in one quantities answer is a mistake (an hourly view of a decade). */
export const MAX_BUCKETS = 1000;

/** A custom unit needs its label; the other units have fixed labels of their own. */
function assertUnit(unit: string, label: string | null | undefined, loc: (string | number)[]) {
  if (unit === "custom" && !label) throw polarErrors.invalid(loc, "custom_label is required when unit is custom.");
}

export async function createMeter(deps: Services, tenant: Tenant, input: MeterCreateIn): Promise<MeterOut> {
  assertUnit(input.unit, input.custom_label, ["body", "custom_label"]);
  const row = {
    id: deps.ids.uuid(),
    organization_id: tenant.organizationId,
    name: input.name,
    unit: input.unit,
    custom_label: input.custom_label ?? null,
    custom_multiplier: input.custom_multiplier ?? null,
    filter: JSON.stringify(input.filter),
    aggregation: JSON.stringify(input.aggregation),
    metadata: encodeMetadata(input.metadata),
    archived_at: null,
    created_at: deps.clock.now().toISOString(),
    modified_at: null,
  } satisfies MeterRow;
  await insertMeter(deps.db, row);
  return serializeMeter(row);
}

export async function getMeter(deps: Services, tenant: Tenant, id: string): Promise<MeterOut> {
  const row = await findMeter(deps.db, tenant.organizationId, id);
  if (!row) throw polarErrors.notFound();
  return serializeMeter(row);
}

export function listMeters(
  deps: Services,
  tenant: Tenant,
  query: { query?: string; is_archived?: boolean; page: number; limit: number; sorting: SortKey<(typeof METER_SORT_KEYS)[number]>[] },
  metadata: Map<string, string[]>,
) {
  let meters = metersOf(deps.db, tenant.organizationId);
  if (query.query) meters = meters.where(containsInsensitive("name", query.query));
  if (query.is_archived !== undefined) meters = meters.where("archived_at", query.is_archived ? "is not" : "is", null);
  meters = whereMetadata(meters, "metadata", metadata, deps.dialect);
  return paginate(applySorting(meters, query.sorting, { created_at: "created_at", name: "name" }), query, serializeMeter);
}

export async function patchMeter(deps: Services, tenant: Tenant, id: string, input: MeterUpdateIn): Promise<MeterOut> {
  const existing = await findMeter(deps.db, tenant.organizationId, id);
  if (!existing) throw polarErrors.notFound();
  const unit = input.unit ?? existing.unit;
  const label = input.custom_label !== undefined ? input.custom_label : existing.custom_label;
  assertUnit(unit, label, ["body", "custom_label"]);
  // An archived meter stops counting, so a price still billing by it would silently charge nothing.
  if (input.is_archived === true && !existing.archived_at && (await hasActiveMeteredPrice(deps.db, tenant.organizationId, id))) {
    throw polarErrors.invalid(["body", "is_archived"], "This meter is used by an active metered price; archive that price first.");
  }
  const now = deps.clock.now().toISOString();
  const archive =
    input.is_archived === true && !existing.archived_at ? { archived_at: now } : input.is_archived === false ? { archived_at: null } : {};
  const changes = {
    ...(input.name ? { name: input.name } : {}),
    ...(input.unit ? { unit: input.unit } : {}),
    ...(input.custom_label !== undefined ? { custom_label: input.custom_label } : {}),
    ...(input.custom_multiplier !== undefined ? { custom_multiplier: input.custom_multiplier } : {}),
    ...(input.filter ? { filter: JSON.stringify(input.filter) } : {}),
    ...(input.aggregation ? { aggregation: JSON.stringify(input.aggregation) } : {}),
    ...(input.metadata ? { metadata: encodeMetadata(input.metadata) } : {}),
    ...archive,
    modified_at: now,
  };
  await updateMeter(deps.db, tenant.organizationId, id, changes);
  return serializeMeter({ ...existing, ...changes });
}

/**
 * Usage per interval. Events arrive in a later issue, so every bucket is zero for now; the bucket
 * boundaries are already the real ones (interval starts in the requested time zone).
 */
export async function meterQuantities(
  deps: Services,
  tenant: Tenant,
  id: string,
  query: { start_timestamp: string; end_timestamp: string; interval: TimeInterval; timezone: string },
) {
  await getMeter(deps, tenant, id);
  // A timestamp without an offset is taken as UTC, as Polar's API does.
  const parse = (value: string) => new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) || !value.includes("T") ? value : `${value}Z`);
  const start = parse(query.start_timestamp);
  const end = parse(query.end_timestamp);
  if (end.getTime() < start.getTime())
    throw polarErrors.invalid(["query", "end_timestamp"], "end_timestamp must not be before start_timestamp.");
  const starts = bucketStarts(start, end, query.interval, query.timezone, MAX_BUCKETS);
  if (!starts) {
    throw polarErrors.invalid(
      ["query", "interval"],
      `This range holds more than ${MAX_BUCKETS} intervals; choose a larger interval or a shorter range.`,
    );
  }
  return { quantities: starts.map((timestamp) => ({ timestamp: timestamp.toISOString(), quantity: 0 })), total: 0 };
}
