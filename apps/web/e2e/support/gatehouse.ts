import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnGatehouse, waitUntilReady } from "../../../server/test/support/gatehouse-process.ts";
import { freePort } from "../../../server/test/support/test-server.ts";

export interface RunningGatehouse {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Gatehouse as a newcomer runs it: `node src/main.ts` on a fresh SQLite file, development mailbox,
 * worker in the same process — only polling faster so mail shows up without waiting.
 */
export async function startGatehouse(env: Record<string, string> = {}): Promise<RunningGatehouse> {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-e2e-"));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const server = spawnGatehouse("server", {
    NODE_ENV: "development",
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: url,
    DATABASE_URL: `file:${join(dir, "e2e.db")}`,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    WORKER_POLL_MS: "100",
    LOG_LEVEL: "warn",
    RATE_LIMIT_SENSITIVE_MAX: "1000",
    SMTP_URL: "",
    ...env,
  });
  await waitUntilReady(url, server);
  return {
    url,
    output: server.output,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
