import type { Insertable, Kysely, Updateable } from "kysely";
import type { CustomerTable, DB } from "../../db/schema.ts";
import { containsInsensitive } from "../api/sql.ts";
import type { CustomerOut } from "./customers.schemas.ts";
import { type CustomerRow, serializeCustomer } from "./customers.serialize.ts";

/** Live (not deleted) customers of the organization: deleted ones vanish from every read. */
export function customersOf(db: Kysely<DB>, organizationId: string) {
  return db.selectFrom("customer").selectAll().where("organization_id", "=", organizationId).where("deleted_at", "is", null);
}

export async function findCustomer(db: Kysely<DB>, organizationId: string, id: string): Promise<CustomerRow | undefined> {
  return customersOf(db, organizationId).where("id", "=", id).executeTakeFirst();
}

export async function findCustomerByExternalId(
  db: Kysely<DB>,
  organizationId: string,
  externalId: string,
): Promise<CustomerRow | undefined> {
  return customersOf(db, organizationId).where("external_id", "=", externalId).executeTakeFirst();
}

export async function findCustomerByEmail(db: Kysely<DB>, organizationId: string, email: string): Promise<CustomerRow | undefined> {
  return customersOf(db, organizationId).where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

/**
 * The organization's live customers with these ids, as `GET /v1/customers/{id}` answers them.
 * Ids that are unknown, deleted or another organization's are absent from the map.
 */
export async function customersByIds(db: Kysely<DB>, organizationId: string, ids: readonly string[]): Promise<Map<string, CustomerOut>> {
  if (ids.length === 0) return new Map();
  const rows = await customersOf(db, organizationId)
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, serializeCustomer(row)]));
}

export async function insertCustomer(db: Kysely<DB>, row: Insertable<CustomerTable>): Promise<void> {
  await db.insertInto("customer").values(row).execute();
}

export async function updateCustomer(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
  changes: Updateable<CustomerTable>,
): Promise<void> {
  await db
    .updateTable("customer")
    .set(changes)
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .execute();
}

/** Keeps customers whose name, email or external id contains the text, ignoring case, on both engines. */
export function whereQueryMatches<Q extends ReturnType<typeof customersOf>>(query: Q, text: string): Q {
  return query.where((eb) =>
    eb.or([containsInsensitive("name", text), containsInsensitive("email", text), containsInsensitive("external_id", text)]),
  ) as Q;
}
