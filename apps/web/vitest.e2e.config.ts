import { defineConfig } from "vitest/config";

/** Browser tests: each file starts the real server (node src/main.ts) and drives Chromium. */
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.test.ts"],
    pool: "forks",
    // Two cores: one browser and one server at a time keep the runs stable.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
