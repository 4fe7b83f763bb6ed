import type { Expression, SelectQueryBuilder } from "kysely";
import { z } from "./openapi.ts";

export interface SortKey<K extends string> {
  key: K;
  descending: boolean;
}

/**
 * The `sorting` query parameter as Polar takes it: one or more keys, `-` in front for descending
 * (`?sorting=-created_at&sorting=name`). Keys outside the allowed list answer 422.
 */
export function sortingParam<K extends string>(keys: readonly K[], fallback: `${NoInfer<K>}` | `-${NoInfer<K>}`) {
  const allowed = new Set<string>(keys);
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx): SortKey<K>[] => {
      const given = value === undefined ? [fallback] : Array.isArray(value) ? value : [value];
      const parsed = given.map((raw) => ({ key: raw.replace(/^-/, "") as K, descending: raw.startsWith("-") }));
      for (const [index, { key }] of parsed.entries()) {
        if (!allowed.has(key)) {
          ctx.addIssue({
            code: "invalid_value",
            values: [...keys],
            input: given[index],
            path: [index],
            message: `Input should be one of: ${keys.join(", ")} (prefix - for descending)`,
          });
        }
      }
      return parsed;
    })
    .openapi({ description: `Sort by ${keys.join(", ")}; prefix - for descending. Default ${fallback}.` });
}

/**
 * Orders the query by the parsed keys, then by `tieBreaker` so pages never overlap. A key maps to a
 * column, or to an expression when the column alone would not sort right (say `lower(name)`).
 */
// biome-ignore lint/suspicious/noExplicitAny: works on any table's query.
export function applySorting<Q extends SelectQueryBuilder<any, any, any>, K extends string>(
  query: Q,
  sorting: SortKey<K>[],
  columns: Record<K, string | Expression<unknown>>,
  tieBreaker = "id",
): Q {
  let sorted = query;
  for (const { key, descending } of sorting) {
    sorted = sorted.orderBy(columns[key], descending ? "desc" : "asc") as Q;
  }
  return sorted.orderBy(tieBreaker, "asc") as Q;
}
