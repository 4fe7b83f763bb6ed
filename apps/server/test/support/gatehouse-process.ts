import { type ChildProcessByStdio, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import type { Readable } from "node:stream";
import type { TestServer } from "./test-server.ts";

const entries = {
  server: resolve(import.meta.dirname, "../../src/main.ts"),
  worker: resolve(import.meta.dirname, "../../src/worker.ts"),
};

export interface GatehouseProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code once the process is gone. */
  exited: Promise<number | null>;
  /** Resolves once `text` appears in the output; rejects if the process exits first. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** The settings every locally spawned server needs: its loopback address, its SQLite file, a secret. */
export function localServerEnv(port: number, databaseFile: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: `http://localhost:${port}`,
    DATABASE_URL: `file:${databaseFile}`,
    AUTH_SECRET: randomBytes(32).toString("hex"),
  };
}

/**
 * Gatehouse as its own process, the way it is deployed: `node src/main.ts` or `node src/worker.ts`.
 * The environment is given whole on top of the parent's, so nothing of the test runner's leaks in
 * unnoticed (vitest, for one, puts Vite's BASE_URL "/" into process.env).
 */
export function spawnGatehouse(entry: keyof typeof entries, env: Record<string, string>): GatehouseProcess {
  const child = spawn(process.execPath, [entries[entry]], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  return {
    child,
    output: () => log,
    exited,
    async waitFor(text, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!log.includes(text)) {
        if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode} before printing "${text}":\n${log}`);
        if (Date.now() > deadline) throw new Error(`${entry} did not print "${text}" within ${timeoutMs} ms:\n${log}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/**
 * `npm run worker` for a test server: its own process on the server's database, secret and mail
 * inbox, polling often so a test does not wait long. `env` adds or overrides settings.
 */
export function spawnWorkerFor(server: TestServer, env: Record<string, string> = {}): GatehouseProcess {
  return spawnGatehouse("worker", {
    NODE_ENV: "development",
    BASE_URL: server.url,
    DATABASE_URL: server.deps.config.databaseUrl,
    AUTH_SECRET: server.deps.config.authSecret,
    SMTP_URL: server.inbox.url,
    WORKER_POLL_MS: "50",
    LOG_LEVEL: "info",
    ...env,
  });
}

/** Waits until GET {base}/ready answers 200. */
export async function waitUntilReady(base: string, process: GatehouseProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`${base}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (process.child.exitCode !== null) throw new Error(`server exited with ${process.child.exitCode}:\n${process.output()}`);
    if (Date.now() > deadline) throw new Error(`server not ready within ${timeoutMs} ms:\n${process.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
