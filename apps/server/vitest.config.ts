import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Each file starts its own server and database; files run in parallel, tests in a file in order.
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
