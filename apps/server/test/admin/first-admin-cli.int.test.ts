import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../support/test-database.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const CLI = resolve(import.meta.dirname, "../../src/cli.ts");
const PASSWORD = "an admin's long passphrase";

let database: TestDatabase;
let server: TestServer | undefined;
beforeAll(async () => {
  // A brand-new, empty database: the CLI must apply the migrations itself.
  database = await createTestDatabase();
});
afterAll(async () => {
  await server?.stop();
  await database.drop();
});

/**
 * `node src/cli.ts …` (what `npm run cli --` runs) as its own process, on the test's database. The
 * environment is given whole: vitest's own BASE_URL ("/") must not leak in.
 */
function cli(args: string[], stdin?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    BASE_URL: "http://localhost:3000",
    AUTH_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "warn",
  };
  const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  child.stdin.end(stdin ?? "");
  return new Promise((done) => child.once("close", (code) => done({ code, stdout, stderr })));
}

describe("npm run cli -- admin create", () => {
  it("creates a verified platform admin on an empty database, prints only the id, and that admin can use the API", async () => {
    const email = uniqueEmail("first-admin");
    const run = await cli(["admin", "create", "--email", email.toUpperCase(), "--password", PASSWORD, "--name", "Ada Lovelace"]);
    expect(run).toMatchObject({ code: 0 });
    const id = run.stdout.trim();
    expect(id).toMatch(/^\S+$/);
    expect(run.stdout + run.stderr).not.toContain(PASSWORD);

    server = await startTestServer({ DATABASE_URL: database.url });
    const row = await server.deps.db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email, name: "Ada Lovelace", role: "admin" });
    expect(Boolean(row.emailVerified)).toBe(true);

    const browser = server.client();
    expect((await browser.auth.signIn.email({ email, password: PASSWORD })).error).toBeNull();
    const { data, error } = await browser.auth.admin.listUsers({ query: { searchValue: email } });
    expect(error).toBeNull();
    expect(data?.users.map((u) => u.id)).toEqual([id]);
  });

  it("reads the password from standard input with --password-stdin", async () => {
    const email = uniqueEmail("stdin-admin");
    const run = await cli(["admin", "create", "--email", email, "--password-stdin"], `${PASSWORD}\n`);
    expect(run.code).toBe(0);
    const browser = server?.client();
    expect((await browser?.auth.signIn.email({ email, password: PASSWORD }))?.error).toBeNull();
  });

  it("refuses an address that already has an account, with a clear message and exit code 1", async () => {
    const email = uniqueEmail("twice");
    expect((await cli(["admin", "create", "--email", email, "--password", PASSWORD])).code).toBe(0);
    const again = await cli(["admin", "create", "--email", email, "--password", PASSWORD]);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe("");
    expect(again.stderr).toContain(`a user with the e-mail ${email} already exists`);
    expect(again.stderr).toContain("admin promote");
  });

  it("answers a wrong command line with the usage text and exit code 64", async () => {
    const email = uniqueEmail("usage");
    const mistakes = [
      [],
      ["admin"],
      ["admin", "create"],
      ["admin", "create", "--email", email],
      ["admin", "create", "--password", PASSWORD],
      ["admin", "create", "--email", "not-an-address", "--password", PASSWORD],
      ["admin", "create", "--email", email, "--password", "short"],
      ["admin", "create", "--email", email, "--password", PASSWORD, "--role", "root"],
      ["admin", "create", "--email", email, "--password", PASSWORD, "--password-stdin"],
      ["admin", "promote"],
      ["frobnicate"],
    ];
    const runs = await Promise.all(mistakes.map((args) => cli(args)));
    for (const [i, run] of runs.entries()) {
      expect({ args: mistakes[i], code: run.code, usage: run.stderr.includes("usage:"), stdout: run.stdout }).toEqual({
        args: mistakes[i],
        code: 64,
        usage: true,
        stdout: "",
      });
    }
    expect(runs[6]?.stderr).toContain("at least 8 characters");
  });
});

describe("npm run cli -- admin promote", () => {
  it("makes an existing user a platform admin", async () => {
    const email = uniqueEmail("promoted");
    const created = await server?.deps.auth.api.createUser({ body: { email, password: PASSWORD, name: "Later Admin" } });
    const run = await cli(["admin", "promote", "--email", email]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(created?.user.id);
    const row = await server?.deps.db.selectFrom("user").select("role").where("email", "=", email).executeTakeFirst();
    expect(row?.role).toBe("admin");
  });

  it("exits with 1 when no user has the address", async () => {
    const run = await cli(["admin", "promote", "--email", uniqueEmail("nobody")]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("no user has the e-mail");
  });
});

describe("npm run migrate", () => {
  it("still reports an up-to-date database", async () => {
    const run = await cli(["migrate"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/database is up to date \((sqlite|postgres)\)/);
  });
});
