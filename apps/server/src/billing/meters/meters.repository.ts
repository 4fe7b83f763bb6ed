import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { DB, MeterTable } from "../../db/schema.ts";
import { decodeMetadata } from "../api/metadata.ts";
import { toIso } from "../api/wire.ts";
import type { AggregationT, FilterT, MeterOut } from "./meters.schemas.ts";

export type MeterRow = Selectable<MeterTable>;

export function serializeMeter(row: MeterRow): MeterOut {
  return {
    metadata: decodeMetadata(row.metadata),
    created_at: toIso(row.created_at),
    modified_at: toIso(row.modified_at),
    id: row.id,
    name: row.name,
    unit: row.unit as MeterOut["unit"],
    custom_label: row.custom_label,
    custom_multiplier: row.custom_multiplier === null ? null : Number(row.custom_multiplier),
    filter: JSON.parse(row.filter) as FilterT,
    aggregation: JSON.parse(row.aggregation) as AggregationT,
    organization_id: row.organization_id,
    archived_at: toIso(row.archived_at),
  };
}

export function metersOf(db: Kysely<DB>, organizationId: string) {
  return db.selectFrom("meter").selectAll().where("organization_id", "=", organizationId);
}

export async function findMeter(db: Kysely<DB>, organizationId: string, id: string): Promise<MeterRow | undefined> {
  return metersOf(db, organizationId).where("id", "=", id).executeTakeFirst();
}

/** The organization's meters with these ids, as `GET /v1/meters/{id}` answers them; unknown ids are absent. */
export async function metersByIds(db: Kysely<DB>, organizationId: string, ids: readonly string[]): Promise<Map<string, MeterOut>> {
  if (ids.length === 0) return new Map();
  const rows = await metersOf(db, organizationId)
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, serializeMeter(row)]));
}

export async function insertMeter(db: Kysely<DB>, row: Insertable<MeterTable>): Promise<void> {
  await db.insertInto("meter").values(row).execute();
}

export async function updateMeter(db: Kysely<DB>, organizationId: string, id: string, changes: Updateable<MeterTable>): Promise<void> {
  await db.updateTable("meter").set(changes).where("organization_id", "=", organizationId).where("id", "=", id).execute();
}

/** Whether a price still on sale (not archived) bills by this meter. */
export async function hasActiveMeteredPrice(db: Kysely<DB>, organizationId: string, meterId: string): Promise<boolean> {
  const row = await db
    .selectFrom("product_price")
    .select("id")
    .where("organization_id", "=", organizationId)
    .where("meter_id", "=", meterId)
    .where("amount_type", "=", "metered_unit")
    .where("is_archived", "=", false)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
