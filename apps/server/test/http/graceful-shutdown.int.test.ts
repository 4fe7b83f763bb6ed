import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnGatehouse, waitUntilReady } from "../support/gatehouse-process.ts";
import { createTestDatabase } from "../support/test-database.ts";
import { freePort } from "../support/test-server.ts";

describe("SIGTERM", () => {
  it("finishes a request already in flight, then exits 0", async () => {
    const database = await createTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-shutdown-"));
    const base = `http://127.0.0.1:${await freePort()}`;
    const server = spawnGatehouse("server", {
      NODE_ENV: "development",
      PORT: new URL(base).port,
      HOST: "127.0.0.1",
      BASE_URL: base,
      DATABASE_URL: database.url,
      DATA_DIR: dir,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "info",
    });
    try {
      await waitUntilReady(base, server);

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
      // Give the request time to reach the server before the signal.
      await new Promise((r) => setTimeout(r, 200));
      server.child.kill("SIGTERM");
      await server.waitFor("shutting down");
      sendRest();

      const response = await inFlight;
      expect(response.status).toBe(200);
      expect((await response.json()).user.email).toBe("inflight@example.com");
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain("shutdown complete");
    } finally {
      server.child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
