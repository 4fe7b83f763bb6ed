import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { BillingSettingsValue } from "./organizations.schemas.ts";
import { decodeSettings } from "./organizations.settings.ts";

/**
 * The tenant's organization as billing sees it: the identity layer's row joined to billing's
 * settings row, which may not exist yet. Always exactly the one organization the caller acts for.
 */
export function organizationsOf(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("organization")
    .leftJoin("billing_organization", "billing_organization.organization_id", "organization.id")
    .select([
      "organization.id",
      "organization.name",
      "organization.slug",
      "organization.logo",
      "organization.createdAt",
      "organization.metadata",
      "billing_organization.settings",
      "billing_organization.details_submitted_at",
      "billing_organization.modified_at",
    ])
    .where("organization.id", "=", organizationId);
}

export type OrganizationRow = Awaited<ReturnType<ReturnType<typeof organizationsOf>["executeTakeFirstOrThrow"]>>;

export function findOrganization(db: Kysely<DB>, organizationId: string): Promise<OrganizationRow | undefined> {
  return organizationsOf(db, organizationId).executeTakeFirst();
}

/**
 * An organization's billing settings, defaults filled in; for other domains (a checkout's default
 * currency, a subscription's proration behavior, which customer emails to send).
 */
export async function organizationSettings(db: Kysely<DB>, organizationId: string): Promise<BillingSettingsValue> {
  const row = await db
    .selectFrom("billing_organization")
    .select("settings")
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return decodeSettings(row?.settings);
}

/** Writes the settings row, creating it on the first change. */
export async function saveBillingOrganization(
  db: Kysely<DB>,
  organizationId: string,
  values: { settings: string; details?: string; details_submitted_at?: string; now: string },
): Promise<void> {
  const changes = {
    settings: values.settings,
    modified_at: values.now,
    ...(values.details === undefined ? {} : { details: values.details }),
    ...(values.details_submitted_at === undefined ? {} : { details_submitted_at: values.details_submitted_at }),
  };
  await db
    .insertInto("billing_organization")
    .values({ organization_id: organizationId, created_at: values.now, ...changes })
    .onConflict((oc) => oc.column("organization_id").doUpdateSet(changes))
    .execute();
}

/** The identity layer's own fields that Polar's update also covers (name, avatar). */
export async function updateOrganizationIdentity(
  db: Kysely<DB>,
  organizationId: string,
  changes: { name?: string; logo?: string },
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable("organization").set(changes).where("id", "=", organizationId).execute();
}
