import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { Kysely, PostgresAdapter, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Config } from "../config.ts";
import type { DB } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";
export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  dialect: Dialect;
  close(): Promise<void>;
}

const INT8_OID = 20;

/**
 * pg returns 64-bit integers as strings; our int8 values (counts, millisecond timestamps) fit in a
 * double, and better-auth's rate limiter does arithmetic on them, so they are read as numbers.
 */
function typeParser(oid: number, format?: "text" | "binary") {
  if (oid === INT8_OID && format !== "binary") return (value: string) => Number(value);
  return pg.types.getTypeParser(oid, format);
}

export function openDatabase(database: Config["database"], onIdleError: (error: Error) => void = () => {}): DatabaseHandle {
  if (database.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: database.url, max: 10, types: { getTypeParser: typeParser } });
    // An idle connection dropped by the server (restart, failover) emits 'error' on the pool;
    // unhandled, that would crash the process. The pool replaces the connection on next use.
    pool.on("error", onIdleError);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  if (database.file !== ":memory:") mkdirSync(dirname(database.file), { recursive: true });
  const sqlite = new DatabaseSync(database.file);
  // WAL lets readers proceed while a writer commits; the busy timeout makes a second process
  // (a separate worker) wait for the lock instead of failing with SQLITE_BUSY.
  sqlite.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;");
  const db = new Kysely<DB>({ dialect: new NodeSqliteDialect({ database: sqlite }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

export function dialectOf(db: Pick<Kysely<unknown>, "getExecutor">): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

export async function ping(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}
