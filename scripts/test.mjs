#!/usr/bin/env node
// `npm test`: every test run, summed into one closing line "N passed, N failed".
//   0. type check and lint (each counts as one test);
//   1. unit and integration tests on SQLite;
//   2. the integration tests again on PostgreSQL, when a server is reachable;
//   3. the browser tests, when Chromium is installed.
// A pass that cannot run is skipped with a message saying how to enable it; under CI=true (or
// GATEHOUSE_REQUIRE_ALL=1) a skipped pass is a failure, because CI must skip nothing.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const requireAll = process.env.CI === "true" || process.env.GATEHOUSE_REQUIRE_ALL === "1";
const postgresUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const chromium = [process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
const reports = mkdtempSync(join(tmpdir(), "gatehouse-reports-"));
const extraArgs = process.argv.slice(2);

let passed = 0;
let failed = 0;
const problems = [];

function vitest(name, cwd, args, env = {}) {
  const outputFile = join(reports, `${name}.json`);
  console.log(`\n=== ${name} ===`);
  const run = spawnSync("vitest", ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile=${outputFile}`, ...extraArgs], {
    cwd,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (!existsSync(outputFile)) {
    failed += 1;
    problems.push(`${name}: vitest exited with ${run.status} before reporting`);
    return;
  }
  const report = JSON.parse(readFileSync(outputFile, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails to load has no failed test but must still fail the run.
  const brokenFiles = report.testResults.filter((f) => f.status === "failed" && f.assertionResults.every((a) => a.status !== "failed"));
  failed += brokenFiles.length;
  if (run.status !== 0) problems.push(`${name}: exit code ${run.status}`);
}

function skip(what, how) {
  const message = `SKIPPED ${what}: ${how}`;
  console.log(`\n${message}`);
  if (requireAll) {
    failed += 1;
    problems.push(`${message} (not allowed under CI)`);
  }
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** A whole-tree check that passes or fails as one. */
function check(name, command, args) {
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(command, args, { stdio: "inherit" });
  if (run.status === 0) passed += 1;
  else {
    failed += 1;
    problems.push(`${name} failed`);
  }
}

check("type check", "npm", ["run", "typecheck", "--silent"]);
check("lint", "npm", ["run", "lint", "--silent"]);

/** A Redis that answers PING, without pulling in a client library here. */
function redisReachable() {
  const { hostname, port } = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379), timeout: 2000 });
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const redisEnv = (await redisReachable()) ? { TEST_REDIS_URL: redisUrl } : undefined;
if (!redisEnv) skip("the Redis tests", `no Redis at ${redisUrl}; start Redis or set TEST_REDIS_URL`);

vitest("server on SQLite", "apps/server", [], { TEST_DB: "sqlite", ...redisEnv });

if (await postgresReachable()) {
  vitest("server on PostgreSQL", "apps/server", [".int.test.ts"], {
    TEST_DB: "postgres",
    TEST_DATABASE_URL: postgresUrl,
    ...redisEnv,
  });
} else {
  skip("the PostgreSQL pass", `no server at ${postgresUrl}; start PostgreSQL or set TEST_DATABASE_URL`);
}

if (chromium) {
  const build = spawnSync("npm", ["run", "build", "--workspace", "apps/web"], { stdio: "inherit" });
  if (build.status !== 0) {
    failed += 1;
    problems.push("web build failed");
  } else {
    vitest("browser", "apps/web", ["--config", "vitest.e2e.config.ts"], { CHROMIUM_PATH: chromium });
  }
} else {
  skip("the browser tests", "Chromium not found; install it (apt-get install -y chromium) or set CHROMIUM_PATH");
}

for (const p of problems) console.log(`! ${p}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
