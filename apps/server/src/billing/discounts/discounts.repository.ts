import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { DB, DiscountTable } from "../../db/schema.ts";

export type DiscountRow = Selectable<DiscountTable>;

/** The organization's discounts that have not been deleted. */
export function discountsOf(db: Kysely<DB>, organizationId: string) {
  return db.selectFrom("discount").selectAll().where("organization_id", "=", organizationId).where("deleted_at", "is", null);
}

export async function findDiscount(db: Kysely<DB>, organizationId: string, id: string): Promise<DiscountRow | undefined> {
  return discountsOf(db, organizationId).where("id", "=", id).executeTakeFirst();
}

export async function findDiscountRows(db: Kysely<DB>, organizationId: string, ids: readonly string[]): Promise<DiscountRow[]> {
  if (ids.length === 0) return [];
  return discountsOf(db, organizationId)
    .where("id", "in", [...ids])
    .execute();
}

/** Whether another live discount of the organization already uses this code, in any case. */
export async function codeTaken(db: Kysely<DB>, organizationId: string, code: string, exceptId?: string): Promise<boolean> {
  let query = discountsOf(db, organizationId).where("code_lower", "=", code.toLowerCase());
  if (exceptId) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Product ids each discount is restricted to, keyed by discount id. */
export async function discountProductIds(
  db: Kysely<DB>,
  organizationId: string,
  discountIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byDiscount = new Map<string, string[]>(discountIds.map((id) => [id, []]));
  if (discountIds.length === 0) return byDiscount;
  const rows = await db
    .selectFrom("discount_product")
    .select(["discount_id", "product_id"])
    .where("organization_id", "=", organizationId)
    .where("discount_id", "in", [...discountIds])
    .orderBy("product_id")
    .execute();
  for (const row of rows) byDiscount.get(row.discount_id)?.push(row.product_id);
  return byDiscount;
}

export async function insertDiscount(db: Kysely<DB>, row: Insertable<DiscountTable>): Promise<void> {
  await db.insertInto("discount").values(row).execute();
}

export async function updateDiscount(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
  changes: Updateable<DiscountTable>,
): Promise<void> {
  await db.updateTable("discount").set(changes).where("organization_id", "=", organizationId).where("id", "=", id).execute();
}

export async function replaceDiscountProducts(
  db: Kysely<DB>,
  organizationId: string,
  discountId: string,
  productIds: readonly string[],
): Promise<void> {
  await db.deleteFrom("discount_product").where("organization_id", "=", organizationId).where("discount_id", "=", discountId).execute();
  if (productIds.length === 0) return;
  await db
    .insertInto("discount_product")
    .values(productIds.map((productId) => ({ discount_id: discountId, product_id: productId, organization_id: organizationId })))
    .execute();
}

/** Soft-deletes the discount and detaches it from the organization's checkout links. */
export async function softDeleteDiscount(db: Kysely<DB>, organizationId: string, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("discount")
    .set({ deleted_at: now, modified_at: now })
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db
    .updateTable("checkout_link")
    .set({ discount_id: null, modified_at: now })
    .where("organization_id", "=", organizationId)
    .where("discount_id", "=", id)
    .execute();
  return true;
}
