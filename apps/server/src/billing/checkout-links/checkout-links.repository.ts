import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { CheckoutLinkTable, DB } from "../../db/schema.ts";

export type CheckoutLinkRow = Selectable<CheckoutLinkTable>;

/** The organization's checkout links that have not been deleted. */
export function checkoutLinksOf(db: Kysely<DB>, organizationId: string) {
  return db.selectFrom("checkout_link").selectAll().where("organization_id", "=", organizationId).where("deleted_at", "is", null);
}

export async function findCheckoutLink(db: Kysely<DB>, organizationId: string, id: string): Promise<CheckoutLinkRow | undefined> {
  return checkoutLinksOf(db, organizationId).where("id", "=", id).executeTakeFirst();
}

/**
 * The live link with this client secret, whatever its organization: the secret is what a customer
 * opening the link holds, and it names the organization. For the hosted checkout of a later issue.
 */
export async function findCheckoutLinkBySecret(db: Kysely<DB>, clientSecret: string): Promise<CheckoutLinkRow | undefined> {
  return db
    .selectFrom("checkout_link")
    .selectAll()
    .where("client_secret", "=", clientSecret)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Product ids of each link, in the order the merchant gave them. */
export async function checkoutLinkProductIds(
  db: Kysely<DB>,
  organizationId: string,
  linkIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byLink = new Map<string, string[]>(linkIds.map((id) => [id, []]));
  if (linkIds.length === 0) return byLink;
  const rows = await db
    .selectFrom("checkout_link_product")
    .select(["checkout_link_id", "product_id"])
    .where("organization_id", "=", organizationId)
    .where("checkout_link_id", "in", [...linkIds])
    .orderBy("position")
    .execute();
  for (const row of rows) byLink.get(row.checkout_link_id)?.push(row.product_id);
  return byLink;
}

export async function insertCheckoutLink(db: Kysely<DB>, row: Insertable<CheckoutLinkTable>): Promise<void> {
  await db.insertInto("checkout_link").values(row).execute();
}

export async function updateCheckoutLink(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
  changes: Updateable<CheckoutLinkTable>,
): Promise<void> {
  await db.updateTable("checkout_link").set(changes).where("organization_id", "=", organizationId).where("id", "=", id).execute();
}

export async function replaceCheckoutLinkProducts(
  db: Kysely<DB>,
  organizationId: string,
  linkId: string,
  productIds: readonly string[],
): Promise<void> {
  await db
    .deleteFrom("checkout_link_product")
    .where("organization_id", "=", organizationId)
    .where("checkout_link_id", "=", linkId)
    .execute();
  if (productIds.length === 0) return;
  await db
    .insertInto("checkout_link_product")
    .values(
      productIds.map((productId, position) => ({
        checkout_link_id: linkId,
        product_id: productId,
        organization_id: organizationId,
        position,
      })),
    )
    .execute();
}

export async function softDeleteCheckoutLink(db: Kysely<DB>, organizationId: string, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("checkout_link")
    .set({ deleted_at: now, modified_at: now })
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
