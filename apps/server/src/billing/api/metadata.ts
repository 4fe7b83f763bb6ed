import type { Context } from "hono";
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { Dialect } from "../../db/database.ts";
import { z } from "./openapi.ts";

const MetadataValue = z.union([z.string().max(500), z.number(), z.boolean()]);

/**
 * Metadata as Polar accepts it: up to 50 keys of at most 40 characters, each a string (≤ 500
 * characters), a number or a boolean.
 */
export const metadataInput = z
  .record(z.string().min(1).max(40), MetadataValue)
  .refine((value) => Object.keys(value).length <= 50, { message: "Metadata can have at most 50 keys." })
  .openapi("MetadataInput");

export const metadataOutput = z.record(z.string(), MetadataValue).openapi("MetadataOutput");

export type Metadata = Record<string, string | number | boolean>;

export const encodeMetadata = (metadata: Metadata | null | undefined): string => JSON.stringify(metadata ?? {});

export function decodeMetadata(text: string | null | undefined): Metadata {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Metadata) : {};
  } catch {
    return {};
  }
}

/** `metadata[key]=value` pairs from the raw query string (repeated values: any of them matches). */
export function metadataFilters(c: Context): Map<string, string[]> {
  const filters = new Map<string, string[]>();
  for (const [name, values] of Object.entries(c.req.queries())) {
    const match = /^metadata\[(.+)\]$/.exec(name);
    if (match?.[1]) filters.set(match[1], values);
  }
  return filters;
}

/**
 * The value at `key` of a JSON-text column, as text, on either engine; the key is a bound parameter.
 * SQLite goes through json_each rather than a JSON path: a path has no escape for `"`, so a key
 * holding one would be a malformed path (a 500) instead of a key like any other.
 */
function metadataText(column: string, key: string, dialect: Dialect): Expression<string | null> {
  return dialect === "postgres"
    ? sql<string | null>`(${sql.ref(column)}::jsonb ->> ${key})`
    : sql<string | null>`(select CAST(entry.value AS TEXT) from json_each(${sql.ref(column)}) as entry where entry.key = ${key})`;
}

/** Keeps rows whose metadata matches every filter (booleans match `true`/`false`). */
// biome-ignore lint/suspicious/noExplicitAny: works on any table's query.
export function whereMetadata<Q extends SelectQueryBuilder<any, any, any>>(
  query: Q,
  column: string,
  filters: Map<string, string[]>,
  dialect: Dialect,
): Q {
  let filtered = query;
  for (const [key, values] of filters) {
    // SQLite's json_extract turns JSON true into 1; compare booleans as the client wrote them.
    const candidates = dialect === "sqlite" ? values.flatMap((v) => (v === "true" ? [v, "1"] : v === "false" ? [v, "0"] : [v])) : values;
    filtered = filtered.where((eb) => eb(metadataText(column, key, dialect), "in", candidates) as unknown as Expression<SqlBool>) as Q;
  }
  return filtered;
}
