import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.ts";

/**
 * The column types better-auth expects on each engine (from its own schema generator), so its
 * schema check finds nothing to add. Our own tables use the same mapping.
 */
export function columnTypes(db: Kysely<unknown>) {
  const pg = dialectOf(db) === "postgres";
  return {
    timestamp: pg ? ("timestamptz" as const) : ("date" as const),
    boolean: pg ? ("boolean" as const) : ("integer" as const),
    /** A boolean column's false, as a column default. */
    false: pg ? sql`false` : sql`0`,
    /** better-auth's generator gives some timestamps a database default on PostgreSQL only. */
    defaultNow: <C extends { defaultTo(v: unknown): C }>(col: C) => (pg ? col.defaultTo(sql.raw("CURRENT_TIMESTAMP")) : col),
  };
}
