import { sql } from "kysely";

/** `%text%` for LIKE, lowercased, with the text's own `%`, `_` and `\` matched literally (escape '\'). */
export const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `lower(column) LIKE %text%`: a case-insensitive "contains" search on both engines. lower() on
 * both sides because SQLite's LIKE ignores case only for ASCII and PostgreSQL's not at all.
 * A NULL column matches nothing.
 */
export function containsInsensitive(column: string, text: string) {
  return sql<boolean>`lower(${sql.ref(column)}) like ${likeContains(text)} escape '\\'`;
}

/** A unique index refused the write (a concurrent request won the race the service checked for). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === "23505" || (typeof e?.message === "string" && e.message.includes("UNIQUE constraint failed"));
}
