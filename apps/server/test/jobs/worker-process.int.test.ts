import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server.ts";

const workerEntry = resolve(import.meta.dirname, "../../src/worker.ts");

// The app server here never polls for jobs: only the separate worker process can deliver.
const server = useTestServer();

describe("npm run worker", () => {
  it("delivers mail queued by an app server from its own process, and stops cleanly on SIGTERM", async () => {
    const worker = spawn(process.execPath, [workerEntry], {
      env: {
        ...process.env,
        NODE_ENV: "development",
        // vitest puts Vite's BASE_URL ("/") into process.env; the worker needs the real one.
        BASE_URL: server.url,
        DATABASE_URL: server.deps.config.databaseUrl,
        AUTH_SECRET: server.deps.config.authSecret,
        SMTP_URL: server.inbox.url,
        WORKER_POLL_MS: "50",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    worker.stdout.on("data", (d) => (log += d));
    worker.stderr.on("data", (d) => (log += d));
    const exited = new Promise<number | null>((r) => worker.once("exit", (code) => r(code)));
    try {
      await expect.poll(() => log.includes("Gatehouse worker started") || worker.exitCode !== null, { timeout: 20_000 }).toBe(true);
      expect(worker.exitCode, log).toBeNull();
      const { error } = await server.client().auth.signUp.email({ email: "worker@example.com", password: "patient password", name: "W" });
      expect(error).toBeNull();
      await expect.poll(() => server.inbox.to("worker@example.com").length, { timeout: 20_000 }).toBe(1);
      expect(server.inbox.to("worker@example.com")[0]?.subject).toBe("Verify your email address");

      worker.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      worker.kill("SIGKILL");
    }
  });
});
