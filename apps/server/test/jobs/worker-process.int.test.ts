import { describe, expect, it } from "vitest";
import { spawnWorkerFor } from "../support/gatehouse-process.ts";
import { useTestServer } from "../support/test-server.ts";

// The app server here never polls for jobs: only the separate worker process can deliver.
const server = useTestServer();

describe("npm run worker", () => {
  it("delivers mail queued by an app server from its own process, and stops cleanly on SIGTERM", async () => {
    const worker = spawnWorkerFor(server);
    try {
      await worker.waitFor("Gatehouse worker started");
      const { error } = await server.client().auth.signUp.email({ email: "worker@example.com", password: "patient password", name: "W" });
      expect(error).toBeNull();
      await expect.poll(() => server.inbox.to("worker@example.com").length, { timeout: 20_000 }).toBe(1);
      expect(server.inbox.to("worker@example.com")[0]?.subject).toBe("Verify your email address");
      expect(await worker.stop()).toBe(0);
    } finally {
      worker.child.kill("SIGKILL");
    }
  });
});
