import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../server/test/support/test-database.ts";
import { submitPassword } from "./people.ts";

const cli = resolve(import.meta.dirname, "../../../server/src/cli.ts");

export interface E2EDatabase {
  /** Give it to setUpGatehouseInChromium: DATABASE_URL is filled in before Gatehouse starts. */
  env: { DATABASE_URL: string };
}

/**
 * A fresh database of the test file's own, known to the test: the first platform admin is made by
 * the CLI, which runs beside the server on the same database, as an operator would bootstrap one.
 * SQLite by default; PostgreSQL with TEST_DB=postgres, as for the server's tests. Call it before
 * setUpGatehouseInChromium so that its beforeAll runs first.
 */
export function e2eDatabase(): E2EDatabase {
  const env = { DATABASE_URL: "" };
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    env.DATABASE_URL = database.url;
  });
  afterAll(async () => database?.drop());
  return { env };
}

export interface Person {
  name: string;
  email: string;
  password: string;
}

/** `npm run cli -- admin create --email … --password-stdin --name …` against the test's database; resolves to the user id. */
export function makePlatformAdmin(database: E2EDatabase, baseURL: string, person: Person): Promise<string> {
  const child = spawn(process.execPath, [cli, "admin", "create", "--email", person.email, "--password-stdin", "--name", person.name], {
    // The whole environment is given, as spawnGatehouse does: vitest's BASE_URL "/" must not leak in.
    env: {
      ...process.env,
      NODE_ENV: "development",
      DATABASE_URL: database.env.DATABASE_URL,
      BASE_URL: baseURL,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "warn",
      SMTP_URL: "",
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  child.stdin.end(`${person.password}\n`);
  return new Promise((done, fail) => {
    child.once("error", fail);
    child.once("exit", (code) => {
      const id = out.trim();
      if (code === 0 && id) done(id);
      else fail(new Error(`admin create exited with ${code}:\n${err}${out}`));
    });
  });
}

/** Signs in through the form and waits for the account page. */
export async function signIn(page: Page, person: Pick<Person, "email" | "password">) {
  await submitPassword(page, person.email, person.password);
  await page.waitForURL("**/account**");
}

/**
 * A user with a verified address, made by the signed-in admin of `adminPage` through
 * POST /api/auth/admin/create-user (faster than signing up through the mailbox). Resolves to the id.
 */
export async function createUserAsAdmin(adminPage: Page, baseURL: string, person: Person): Promise<string> {
  const response = await adminPage.request.post("/api/auth/admin/create-user", {
    // better-auth refuses cookie-authenticated POSTs from an unknown origin.
    headers: { origin: baseURL },
    data: { ...person, role: "user", data: { emailVerified: true } },
  });
  if (!response.ok()) throw new Error(`create-user answered ${response.status()}: ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  return user.id;
}

/** The address of a new person, unique within the run. */
export const uniqueEmail = (tag: string) => `${tag}-${randomBytes(4).toString("hex")}@example.com`;
