import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const serverEntry = resolve(import.meta.dirname, "../../../server/src/main.ts");

export interface RunningGatehouse {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

/**
 * Gatehouse as a newcomer runs it: `node src/main.ts` on a fresh SQLite file, development mailbox,
 * worker in the same process — only polling faster so mail shows up without waiting.
 */
export async function startGatehouse(env: Record<string, string> = {}): Promise<RunningGatehouse> {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-e2e-"));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let log = "";
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
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
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => log,
    async stop() {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
