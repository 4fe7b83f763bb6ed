import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { BenefitTable, DB } from "../../db/schema.ts";
import { decodeMetadata } from "../api/metadata.ts";
import { toIso } from "../api/wire.ts";
import type { BenefitOut } from "./benefits.schemas.ts";

export type BenefitRow = Selectable<BenefitTable>;

/**
 * What answers show in place of a Discord guild token: SDK 0.47 requires the key, but a bot's token
 * is a secret and never leaves the server. Sending it back unchanged on update keeps the stored one.
 */
export const REDACTED_SECRET = "[redacted]";

function readableProperties(row: BenefitRow): unknown {
  const properties = JSON.parse(row.properties);
  return row.type === "discord" ? { ...properties, guild_token: REDACTED_SECRET } : properties;
}

/** A stored benefit in its wire shape (what GET /v1/benefits/{id} answers). */
export function serializeBenefit(row: BenefitRow): BenefitOut {
  return {
    id: row.id,
    created_at: toIso(row.created_at),
    modified_at: toIso(row.modified_at),
    type: row.type,
    description: row.description,
    selectable: Boolean(row.selectable),
    deletable: Boolean(row.deletable),
    // Deleting removes the row, so a benefit anyone can read is never deleted.
    is_deleted: false,
    organization_id: row.organization_id,
    metadata: decodeMetadata(row.metadata),
    visibility: row.visibility,
    visibility_configurable: true,
    properties: readableProperties(row),
  } as BenefitOut;
}

export function benefitsOf(db: Kysely<DB>, organizationId: string) {
  return db.selectFrom("benefit").selectAll().where("organization_id", "=", organizationId);
}

export async function findBenefit(db: Kysely<DB>, organizationId: string, id: string): Promise<BenefitRow | undefined> {
  return benefitsOf(db, organizationId).where("id", "=", id).executeTakeFirst();
}

/**
 * The organization's benefits with these ids, in their wire shape, keyed by id. Ids of other
 * organizations or of nothing are absent: callers turn that into their own 422.
 */
export async function benefitsByIds(db: Kysely<DB>, organizationId: string, ids: readonly string[]): Promise<Map<string, BenefitOut>> {
  const found = new Map<string, BenefitOut>();
  if (ids.length === 0) return found;
  const rows = await benefitsOf(db, organizationId)
    .where("id", "in", [...new Set(ids)])
    .execute();
  for (const row of rows) found.set(row.id, serializeBenefit(row));
  return found;
}

export async function insertBenefit(db: Kysely<DB>, row: Insertable<BenefitTable>): Promise<void> {
  await db.insertInto("benefit").values(row).execute();
}

export async function updateBenefit(db: Kysely<DB>, organizationId: string, id: string, changes: Updateable<BenefitTable>): Promise<void> {
  await db.updateTable("benefit").set(changes).where("organization_id", "=", organizationId).where("id", "=", id).execute();
}

export async function deleteBenefit(db: Kysely<DB>, organizationId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom("benefit").where("organization_id", "=", organizationId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
