import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The workspace packages have no runner of their own; their unit tests run with the server's.
    include: ["src/**/*.test.ts", "test/**/*.test.ts", "../../packages/*/test/**/*.test.ts"],
    // Each file starts its own server and database; files run in parallel, tests in a file in order.
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
