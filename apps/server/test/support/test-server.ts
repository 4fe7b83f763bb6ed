import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { createDeps, type Deps } from "../../src/deps.ts";
import { listen } from "../../src/server.ts";
import { type BrowserClient, browserClient } from "./auth-client.ts";
import { uniqueEmail } from "./fixtures.ts";
import { linkIn, SmtpInbox } from "./smtp-inbox.ts";
import { createTestDatabase } from "./test-database.ts";

export interface TestServer {
  url: string;
  deps: Deps;
  inbox: SmtpInbox;
  /** A fresh browser-like better-auth client with its own cookie jar. */
  client(options?: { origin?: string }): BrowserClient;
  /** Runs every due job (mail included), as the worker would. */
  drainJobs(): Promise<number>;
  stop(): Promise<void>;
}

/** better-auth builds links from BASE_URL, so the port must be known before the server starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * A real Gatehouse on its own port with its own empty database and SMTP inbox. The worker does not
 * poll: tests drain jobs explicitly so what they assert never depends on timing.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const inbox = await new SmtpInbox().start();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig(
    {
      NODE_ENV: "test",
      DATABASE_URL: database.url,
      BASE_URL: url,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      SMTP_URL: inbox.url,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      // Generous limits so tests that sign in often are not throttled; the rate-limit test lowers them.
      RATE_LIMIT_MAX: "10000",
      RATE_LIMIT_SENSITIVE_MAX: "10000",
      BILLING_RATE_LIMIT_MAX: "10000",
      ...env,
    },
    () => {},
  );
  const deps = await createDeps(config);
  const server = await listen(deps, { port, host: "127.0.0.1" });
  return {
    url,
    deps,
    inbox,
    client: (options) => browserClient(url, options),
    drainJobs: () => deps.jobs.drain(),
    async stop() {
      await server.close();
      await deps.close();
      await inbox.stop();
      await database.drop();
    },
  };
}

/** Signs up (with a username when given), follows the verification mail and returns a signed-in client. */
export async function signedInUser(
  server: TestServer,
  overrides: { email?: string; password?: string; name?: string; username?: string } = {},
) {
  const { email = uniqueEmail("user"), password = "correct horse battery", name = "Test User", username } = overrides;
  const client = server.client();
  const signUp = await client.auth.signUp.email({ email, password, name, ...(username ? { username } : {}) });
  if (signUp.error) throw new Error(`sign-up failed: ${signUp.error.message}`);
  await server.drainJobs();
  // Following the link verifies the address and, with autoSignInAfterVerification, signs in.
  await client.fetch(linkIn(server.inbox.to(email).at(-1)));
  return { client, email, password, userId: signUp.data.user.id };
}

/** The user row with this address, straight from the database; undefined when there is none. */
export const userByEmail = (server: TestServer, email: string) =>
  server.deps.db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirst();

/**
 * One server for all the tests of a file: started before the first, stopped after the last, with
 * real timers restored after each test (tests that move Date need not clean up).
 */
export function useTestServer(env: Record<string, string> = {}): TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(env);
  });
  afterAll(() => current?.stop());
  afterEach(() => {
    vi.useRealTimers();
  });
  return new Proxy({} as TestServer, {
    get(_, key) {
      if (!current) throw new Error("the test server starts in beforeAll; use it inside a test or hook");
      return Reflect.get(current, key);
    },
  });
}
