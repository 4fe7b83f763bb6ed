import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { CustomFieldTable, DB } from "../../db/schema.ts";
import { decodeMetadata } from "../api/metadata.ts";
import { toIso } from "../api/wire.ts";
import type { CustomFieldOut } from "./custom-fields.schemas.ts";

export type CustomFieldRow = Selectable<CustomFieldTable>;

/** A stored custom field in its wire shape (what GET /v1/custom-fields/{id} answers). */
export function serializeCustomField(row: CustomFieldRow): CustomFieldOut {
  return {
    created_at: toIso(row.created_at),
    modified_at: toIso(row.modified_at),
    id: row.id,
    metadata: decodeMetadata(row.metadata),
    type: row.type,
    slug: row.slug,
    name: row.name,
    organization_id: row.organization_id,
    properties: JSON.parse(row.properties),
  } as CustomFieldOut;
}

export function customFieldsOf(db: Kysely<DB>, organizationId: string) {
  return db.selectFrom("custom_field").selectAll().where("organization_id", "=", organizationId);
}

export async function findCustomField(db: Kysely<DB>, organizationId: string, id: string): Promise<CustomFieldRow | undefined> {
  return customFieldsOf(db, organizationId).where("id", "=", id).executeTakeFirst();
}

export async function findCustomFieldBySlug(db: Kysely<DB>, organizationId: string, slug: string): Promise<CustomFieldRow | undefined> {
  return customFieldsOf(db, organizationId).where("slug", "=", slug).executeTakeFirst();
}

/**
 * The organization's custom fields with these ids, in their wire shape, keyed by id. Ids of other
 * organizations or of nothing are absent: callers turn that into their own 422.
 */
export async function customFieldsByIds(
  db: Kysely<DB>,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, CustomFieldOut>> {
  const found = new Map<string, CustomFieldOut>();
  if (ids.length === 0) return found;
  const rows = await customFieldsOf(db, organizationId)
    .where("id", "in", [...new Set(ids)])
    .execute();
  for (const row of rows) found.set(row.id, serializeCustomField(row));
  return found;
}

export async function insertCustomField(db: Kysely<DB>, row: Insertable<CustomFieldTable>): Promise<void> {
  await db.insertInto("custom_field").values(row).execute();
}

export async function updateCustomField(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
  changes: Updateable<CustomFieldTable>,
): Promise<void> {
  await db.updateTable("custom_field").set(changes).where("organization_id", "=", organizationId).where("id", "=", id).execute();
}

export async function deleteCustomField(db: Kysely<DB>, organizationId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom("custom_field").where("organization_id", "=", organizationId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
