import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { DB, ProductPriceTable, ProductTable } from "../../db/schema.ts";
import { benefitsByIds } from "../benefits/benefits.repository.ts";
import { customFieldsByIds } from "../custom-fields/custom-fields.repository.ts";
import { filesByIds } from "../files/files.repository.ts";
import { metersByIds } from "../meters/meters.repository.ts";
import type { ProductBaseOut, ProductOut, ProductPriceOut } from "./products.schemas.ts";
import { serializePrice, serializeProduct, serializeProductBase } from "./products.serialize.ts";

export type ProductRow = Selectable<ProductTable>;
export type PriceRow = Selectable<ProductPriceTable>;

export function productsOf(db: Kysely<DB>, organizationId: string) {
  return db.selectFrom("product").selectAll("product").where("product.organization_id", "=", organizationId);
}

export async function findProductRow(db: Kysely<DB>, organizationId: string, id: string): Promise<ProductRow | undefined> {
  return productsOf(db, organizationId).where("product.id", "=", id).executeTakeFirst();
}

export async function insertProduct(db: Kysely<DB>, row: Insertable<ProductTable>): Promise<void> {
  await db.insertInto("product").values(row).execute();
}

export async function updateProductRow(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
  changes: Updateable<ProductTable>,
): Promise<void> {
  await db.updateTable("product").set(changes).where("organization_id", "=", organizationId).where("id", "=", id).execute();
}

export async function insertPrices(db: Kysely<DB>, rows: Insertable<ProductPriceTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("product_price").values(rows).execute();
}

/** Archives the product's active prices whose ids are not in `keep`. */
export async function archivePricesExcept(
  db: Kysely<DB>,
  organizationId: string,
  productId: string,
  keep: readonly string[],
  now: string,
): Promise<void> {
  let query = db
    .updateTable("product_price")
    .set({ is_archived: true, modified_at: now })
    .where("organization_id", "=", organizationId)
    .where("product_id", "=", productId)
    .where("is_archived", "=", false);
  if (keep.length > 0) query = query.where("id", "not in", keep);
  await query.execute();
}

/** Prices of these products, in their order; archived ones only when asked. */
export async function pricesOfProducts(
  db: Kysely<DB>,
  organizationId: string,
  productIds: readonly string[],
  includeArchived = false,
): Promise<PriceRow[]> {
  if (productIds.length === 0) return [];
  let query = db
    .selectFrom("product_price")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("product_id", "in", productIds);
  if (!includeArchived) query = query.where("is_archived", "=", false);
  return query.orderBy("position").orderBy("id").execute();
}

type LinkTable = "product_benefit" | "product_media" | "product_custom_field";
const LINK_COLUMN = { product_benefit: "benefit_id", product_media: "file_id", product_custom_field: "custom_field_id" } as const;

/** Replaces the product's links of one kind with these, in this order. */
export async function replaceLinks(
  db: Kysely<DB>,
  organizationId: string,
  productId: string,
  table: LinkTable,
  targets: readonly { id: string; required?: boolean }[],
): Promise<void> {
  await db.deleteFrom(table).where("organization_id", "=", organizationId).where("product_id", "=", productId).execute();
  if (targets.length === 0) return;
  const column = LINK_COLUMN[table];
  const rows = targets.map((target, position) => ({
    product_id: productId,
    organization_id: organizationId,
    position,
    [column]: target.id,
    ...(table === "product_custom_field" ? { required: Boolean(target.required) } : {}),
  }));
  // The row matches the table chosen above; TypeScript cannot follow the computed column name.
  await db
    .insertInto(table)
    .values(rows as never)
    .execute();
}

async function linksOf(db: Kysely<DB>, organizationId: string, table: LinkTable, productIds: readonly string[]) {
  const column = LINK_COLUMN[table];
  const rows = await db
    .selectFrom(table)
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("product_id", "in", productIds)
    .orderBy("position")
    .execute();
  return rows.map((row) => ({
    productId: row.product_id,
    targetId: (row as unknown as Record<string, string>)[column] as string,
    required: "required" in row ? Boolean(row.required) : false,
  }));
}

const group = <T extends { productId: string }>(items: T[]) => {
  const byProduct = new Map<string, T[]>();
  for (const item of items) {
    const list = byProduct.get(item.productId);
    if (list) list.push(item);
    else byProduct.set(item.productId, [item]);
  }
  return byProduct;
};

/** Wire prices for these rows, with their meters embedded. */
async function wirePrices(db: Kysely<DB>, organizationId: string, rows: PriceRow[]): Promise<ProductPriceOut[]> {
  const meterIds = [...new Set(rows.flatMap((row) => (row.meter_id ? [row.meter_id] : [])))];
  const meters = meterIds.length > 0 ? await metersByIds(db, organizationId, meterIds) : new Map();
  return rows.map((row) => serializePrice(row, row.meter_id ? meters.get(row.meter_id) : undefined));
}

/** Full wire products for these rows, in the same order. */
export async function hydrateProducts(db: Kysely<DB>, organizationId: string, rows: ProductRow[]): Promise<ProductOut[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [priceRows, benefitLinks, mediaLinks, fieldLinks] = await Promise.all([
    pricesOfProducts(db, organizationId, ids),
    linksOf(db, organizationId, "product_benefit", ids),
    linksOf(db, organizationId, "product_media", ids),
    linksOf(db, organizationId, "product_custom_field", ids),
  ]);
  const unique = (links: { targetId: string }[]) => [...new Set(links.map((link) => link.targetId))];
  const [prices, benefits, files, fields] = await Promise.all([
    wirePrices(db, organizationId, priceRows),
    benefitLinks.length > 0 ? benefitsByIds(db, organizationId, unique(benefitLinks)) : new Map(),
    mediaLinks.length > 0 ? filesByIds(db, organizationId, unique(mediaLinks)) : new Map(),
    fieldLinks.length > 0 ? customFieldsByIds(db, organizationId, unique(fieldLinks)) : new Map(),
  ]);
  const pricesByProduct = group(prices.map((price) => ({ productId: price.product_id, price })));
  const benefitsByProduct = group(benefitLinks);
  const mediasByProduct = group(mediaLinks);
  const fieldsByProduct = group(fieldLinks);
  return rows.map((row) =>
    serializeProduct(row, {
      prices: (pricesByProduct.get(row.id) ?? []).map((entry) => entry.price),
      benefits: (benefitsByProduct.get(row.id) ?? []).flatMap((link) => {
        const benefit = benefits.get(link.targetId);
        return benefit ? [benefit] : [];
      }),
      medias: (mediasByProduct.get(row.id) ?? []).flatMap((link) => {
        const file = files.get(link.targetId);
        return file && file.service === "product_media" ? [file] : [];
      }),
      attached_custom_fields: (fieldsByProduct.get(row.id) ?? []).flatMap((link, order) => {
        const field = fields.get(link.targetId);
        return field ? [{ custom_field_id: link.targetId, custom_field: field, order, required: link.required }] : [];
      }),
    }),
  );
}

const productRowsByIds = (db: Kysely<DB>, organizationId: string, ids: readonly string[]) =>
  productsOf(db, organizationId)
    .where("product.id", "in", [...new Set(ids)])
    .execute();

/**
 * The organization's products with these ids, as `GET /v1/products/{id}` answers them (prices not
 * archived, benefits, medias, attached custom fields). Ids of other organizations are absent.
 */
export async function productsByIds(db: Kysely<DB>, organizationId: string, ids: readonly string[]): Promise<Map<string, ProductOut>> {
  if (ids.length === 0) return new Map();
  const rows = await productRowsByIds(db, organizationId, ids);
  const products = await hydrateProducts(db, organizationId, rows);
  return new Map(products.map((product) => [product.id, product]));
}

/**
 * The organization's products with these ids, only their own fields (no prices, benefits, medias
 * or custom fields): for existence checks and for embeds that show no more. Ids of other
 * organizations are absent.
 */
export async function productBasesByIds(
  db: Kysely<DB>,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, ProductBaseOut>> {
  if (ids.length === 0) return new Map();
  const rows = await productRowsByIds(db, organizationId, ids);
  return new Map(rows.map((row) => [row.id, serializeProductBase(row)]));
}

/**
 * The organization's prices with these ids, archived ones included (an order keeps pointing at the
 * price it was bought with), as the wire writes a price. Ids of other organizations are absent.
 */
export async function productPricesByIds(
  db: Kysely<DB>,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, ProductPriceOut>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("product_price")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("id", "in", [...new Set(ids)])
    .execute();
  const prices = await wirePrices(db, organizationId, rows);
  return new Map(prices.map((price) => [price.id, price]));
}
