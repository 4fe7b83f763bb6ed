import { getMigrations } from "better-auth/db/migration";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { testEngine } from "../support/test-database.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer();

describe("database schema after start-up migrations", () => {
  it("leaves better-auth's own migration planner nothing to create, add or warn about", async () => {
    const messages: string[] = [];
    const plan = await getMigrations({
      ...server.deps.auth.options,
      // Type mismatches and nullable-but-required columns are only reported as warnings.
      logger: { level: "warn", log: (level, message) => void messages.push(`${level}: ${message}`) },
    });
    expect(plan.toBeCreated).toEqual([]);
    expect(plan.toBeAdded).toEqual([]);
    expect(plan.toBeAddedIndexes).toEqual([]);
    expect(plan.schemaProblems).toEqual([]);
    // better-auth's type check does not know PostgreSQL's name for bigint ("int8") although its own
    // generator creates rateLimit.lastRequest as bigint; that one warning is a false positive
    // (the column's type is asserted below).
    const falsePositive = "warn: Field lastRequest in table rateLimit has a different type in the database. Expected number but got int8.";
    expect(messages.filter((m) => m !== falsePositive)).toEqual([]);
  });

  it("stores rateLimit.lastRequest as a 64-bit integer, as better-auth's generator does", async () => {
    const tables = await server.deps.db.introspection.getTables();
    const column = tables.find((t) => t.name === "rateLimit")?.columns.find((c) => c.name === "lastRequest");
    expect(column?.dataType.toLowerCase()).toBe(testEngine === "postgres" ? "int8" : "bigint");
    expect(column?.isNullable).toBe(false);
  });

  it("applies nothing when migrations run again", async () => {
    const result = await migrateToLatest(server.deps.db);
    expect(result.error).toBeUndefined();
    expect(result.results).toEqual([]);
  });

  it("has the auth (with passkeys and two-factor), outbox and development-mailbox tables", async () => {
    const tables = (await server.deps.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(
      expect.arrayContaining(["user", "session", "account", "verification", "rateLimit", "passkey", "twoFactor", "job", "dev_mail"]),
    );
  });

  it("lets one authenticator's credential belong to one passkey row only, even if two registrations race", async () => {
    const { db } = server.deps;
    const userId = "schema-test-user";
    const now = new Date().toISOString();
    await db
      .insertInto("user")
      .values({ id: userId, name: "U", email: "schema-unique@example.com", emailVerified: 0, createdAt: now, updatedAt: now })
      .execute();
    const passkey = (id: string) => ({
      id,
      userId,
      publicKey: "pk",
      credentialID: "same-credential",
      counter: 0,
      deviceType: "singleDevice",
      backedUp: 0,
    });
    await db.insertInto("passkey").values(passkey("first")).execute();
    await expect(db.insertInto("passkey").values(passkey("second")).execute()).rejects.toThrow(/unique/i);
  });
});
