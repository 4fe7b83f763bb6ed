import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/** Which engine this test run uses; scripts/test.mjs runs the suite once per engine. */
export const testEngine: "sqlite" | "postgres" = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";

export const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A brand-new, empty database for one test file: nothing leaks between files. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-test-"));
    return { url: `file:${join(dir, "test.db")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `gatehouse_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: postgresAdminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
