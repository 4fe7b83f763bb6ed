import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/test-database.ts";
import { freePort } from "../support/test-server.ts";

const mainEntry = resolve(import.meta.dirname, "../../src/main.ts");

describe("SIGTERM", () => {
  it("finishes a request already in flight, then exits 0", async () => {
    const database = await createTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-shutdown-"));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [mainEntry], {
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: base,
        DATABASE_URL: database.url,
        DATA_DIR: dir,
        AUTH_SECRET: randomBytes(32).toString("hex"),
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stdout.on("data", (d) => (log += d));
    child.stderr.on("data", (d) => (log += d));
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    try {
      await expect
        .poll(
          () =>
            fetch(`${base}/ready`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 20_000 },
        )
        .toBe(200);

      // A request whose body is still arriving when the signal comes.
      const encoder = new TextEncoder();
      let sendRest: () => void = () => {};
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('{"email":"inflight@example.com",'));
          sendRest = () => {
            controller.enqueue(encoder.encode('"password":"patient password","name":"In Flight"}'));
            controller.close();
          };
        },
      });
      const inFlight = fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body,
        duplex: "half",
      } as RequestInit);
      await expect.poll(() => log.includes('"path":"/ready"')).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      child.kill("SIGTERM");
      await expect.poll(() => log.includes("shutting down")).toBe(true);
      sendRest();

      const response = await inFlight;
      expect(response.status).toBe(200);
      expect((await response.json()).user.email).toBe("inflight@example.com");
      expect(await exited).toBe(0);
      expect(log).toContain("shutdown complete");
    } finally {
      child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
