import type { SelectQueryBuilder } from "kysely";
import { z } from "./openapi.ts";

/** `page` and `limit`, to spread into a list route's query schema. */
export const listQuery = {
  page: z.coerce.number().int().min(1).default(1).openapi({ description: "Page number, from 1." }),
  limit: z.coerce.number().int().min(1).max(100).default(10).openapi({ description: "Page size, at most 100." }),
};

const Pagination = z.object({ total_count: z.number().int(), max_page: z.number().int() }).openapi("Pagination");

export const listResponse = <T extends z.ZodType>(item: T, name: string) =>
  z.object({ items: z.array(item), pagination: Pagination }).openapi(name);

export interface Page<T> {
  items: T[];
  pagination: { total_count: number; max_page: number };
}

/**
 * Counts the rows the query selects and returns one page of them, mapped to their wire shape.
 * The query arrives filtered and sorted; the count drops the ordering it does not need.
 */
export async function paginate<Row, Out>(
  // biome-ignore lint/suspicious/noExplicitAny: works on any table's query.
  query: SelectQueryBuilder<any, any, Row>,
  page: { page: number; limit: number },
  map: (row: Row) => Out | Promise<Out>,
): Promise<Page<Out>> {
  const counted = await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirst();
  const total = Number((counted as { count?: number | string } | undefined)?.count ?? 0);
  const rows = await query
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  const items = await Promise.all(rows.map(map));
  return { items, pagination: { total_count: total, max_page: Math.ceil(total / page.limit) } };
}
