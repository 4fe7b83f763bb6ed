import type { Insertable, Kysely, Selectable } from "kysely";
import type { DB, OrganizationAccessTokenTable } from "../../db/schema.ts";
import { decodeScopes, type Scope } from "../api/scopes.ts";

export type AccessTokenRow = Selectable<OrganizationAccessTokenTable>;

/** last_used_at is written at most this often per token, so a busy token does not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The token with this hash, if it has not expired; notes that it was used. */
export async function findUsableToken(
  db: Kysely<DB>,
  tokenHash: string,
  now: Date,
): Promise<{ id: string; organizationId: string; scopes: Scope[] } | undefined> {
  const row = await db
    .selectFrom("organization_access_token")
    .select(["id", "organization_id", "scopes", "expires_at", "last_used_at"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.expires_at && new Date(row.expires_at).getTime() <= now.getTime()) return undefined;
  if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.updateTable("organization_access_token").set({ last_used_at: now.toISOString() }).where("id", "=", row.id).execute();
  }
  return { id: row.id, organizationId: row.organization_id, scopes: decodeScopes(row.scopes) };
}

export function tokensOf(db: Kysely<DB>, organizationId: string) {
  return db.selectFrom("organization_access_token").selectAll().where("organization_id", "=", organizationId);
}

export async function findToken(db: Kysely<DB>, organizationId: string, id: string): Promise<AccessTokenRow | undefined> {
  return tokensOf(db, organizationId).where("id", "=", id).executeTakeFirst();
}

export async function insertToken(db: Kysely<DB>, row: Insertable<OrganizationAccessTokenTable>): Promise<void> {
  await db.insertInto("organization_access_token").values(row).execute();
}

export async function updateToken(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
  changes: { comment?: string; scopes?: string; modified_at: string },
): Promise<void> {
  await db
    .updateTable("organization_access_token")
    .set(changes)
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .execute();
}

export async function deleteToken(db: Kysely<DB>, organizationId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("organization_access_token")
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
