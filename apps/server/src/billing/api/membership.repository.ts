import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** The member's role string in the organization, or undefined when they are not a member. */
export async function findMemberRole(db: Kysely<DB>, organizationId: string, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("member")
    .select("role")
    .where("organizationId", "=", organizationId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row?.role;
}
