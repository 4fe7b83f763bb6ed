import type { Insertable, Kysely } from "kysely";
import type { CustomerSessionTable, DB } from "../../db/schema.ts";

export async function insertCustomerSession(db: Kysely<DB>, row: Insertable<CustomerSessionTable>): Promise<void> {
  await db.insertInto("customer_session").values(row).execute();
}

/**
 * The session with this token hash if it has not expired and its customer still exists. This is
 * the one lookup not scoped by organization: the token itself says which organization it is for.
 */
export async function findLiveSession(
  db: Kysely<DB>,
  tokenHash: string,
  now: Date,
): Promise<{ organizationId: string; customerId: string } | undefined> {
  const row = await db
    .selectFrom("customer_session")
    .innerJoin("customer", "customer.id", "customer_session.customer_id")
    .select(["customer_session.organization_id", "customer_session.customer_id", "customer_session.expires_at"])
    .where("customer_session.token_hash", "=", tokenHash)
    .where("customer.deleted_at", "is", null)
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return undefined;
  return { organizationId: row.organization_id, customerId: row.customer_id };
}

/** Ends every portal session of the customer (on delete). */
export async function deleteSessionsOf(db: Kysely<DB>, organizationId: string, customerId: string): Promise<void> {
  await db.deleteFrom("customer_session").where("organization_id", "=", organizationId).where("customer_id", "=", customerId).execute();
}
