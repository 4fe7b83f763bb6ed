/**
 * `npm run bench`: load against a real Gatehouse process (SQLite, production mode), reporting
 * requests/s and latency for each scenario and its ratio to bare GET /health measured in the same
 * run, so figures from different machines can be compared by ratio.
 *
 * The server runs in a child process so the load generator does not share its event loop.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { type GatehouseProcess, localServerEnv, spawnGatehouse, waitUntilReady } from "../test/support/gatehouse-process.ts";
import { benchWebhooks } from "./webhooks.ts";

const duration = Number(process.env.BENCH_DURATION ?? 10);
/** BENCH_ONLY=webhooks skips the HTTP scenarios. */
const only = process.env.BENCH_ONLY;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3900);
const base = `http://127.0.0.1:${port}`;

interface Scenario {
  name: string;
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

async function startServer(dir: string): Promise<GatehouseProcess> {
  const server = spawnGatehouse("server", {
    NODE_ENV: "production",
    ...localServerEnv(port, join(dir, "bench.db")),
    // autocannon talks to the IPv4 address; origin checks compare it with BASE_URL.
    BASE_URL: base,
    REQUIRE_EMAIL_VERIFICATION: "false",
    LOG_LEVEL: "warn",
    // The bench measures throughput, not the limiter: every request comes from one address.
    RATE_LIMIT_MAX: "100000000",
    RATE_LIMIT_SENSITIVE_MAX: "100000000",
  });
  await waitUntilReady(base, server);
  return server;
}

async function signedInCookies(email: string, password: string): Promise<string> {
  const json = { "content-type": "application/json", origin: base };
  await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password, name: "Bench" }),
  });
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function load(s: Scenario) {
  return autocannon({ url: base + s.path, method: s.method, headers: s.headers, body: s.body, connections, duration });
}

const dir = mkdtempSync(join(tmpdir(), "gatehouse-bench-"));
const server = await startServer(dir);
try {
  const email = "bench@example.com";
  const password = "benchmark password";
  const cookie = await signedInCookies(email, password);
  const sessionOnly = cookie
    .split("; ")
    .filter((c) => !c.includes("session_data"))
    .join("; ");
  const scenarios: Scenario[] = [
    { name: "GET /health (baseline)", method: "GET", path: "/health" },
    { name: "GET /api/auth/get-session (cookie cache hit)", method: "GET", path: "/api/auth/get-session", headers: { cookie } },
    {
      name: "GET /api/auth/get-session (database)",
      method: "GET",
      path: "/api/auth/get-session?disableCookieCache=true",
      headers: { cookie: sessionOnly },
    },
    // Every endpoint but get-session reads the session from the database (http/session-cache-cookie.ts).
    {
      name: "GET /api/auth/organization/list (session from database)",
      method: "GET",
      path: "/api/auth/organization/list",
      headers: { cookie },
    },
    {
      name: "POST /api/auth/sign-in/email",
      method: "POST",
      path: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email, password }),
    },
  ];
  const rows: Array<{ name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number }> = [];
  for (const scenario of only === "webhooks" ? [] : scenarios) {
    process.stderr.write(`running ${scenario.name} for ${duration}s…\n`);
    const r = await load(scenario);
    rows.push({ name: scenario.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
  }
  const baseline = rows[0]?.rps ?? 1;
  console.log(
    `\nGatehouse benchmark — ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, Node ${process.version}, SQLite, ${connections} connections, ${duration}s each\n`,
  );
  console.log("| scenario | req/s | p50 ms | p99 ms | ratio to /health | non-2xx | errors |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${(r.rps / baseline).toFixed(4)} | ${r.non2xx} | ${r.errors} |`);
  }
  const hooks = await benchWebhooks(dir, port + 1);
  console.log(
    `\nWebhooks — ${Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 8)} endpoints, a separate worker process, receiver on loopback\n`,
  );
  console.log("| scenario | figure |");
  console.log("|---|---:|");
  console.log(`| backlog of ${hooks.deliveries} deliveries | ${hooks.perSecond.toFixed(0)} deliveries/s (${hooks.seconds.toFixed(1)} s) |`);
  console.log(`| baseline: plain POSTs, fresh connections, same receiver | ${hooks.baselinePerSecond.toFixed(0)} requests/s |`);
  console.log(`| deliveries/s as a ratio to the baseline | ${(hooks.perSecond / hooks.baselinePerSecond).toFixed(4)} |`);
  console.log(`| requests received (duplicates included) | ${hooks.requests} |`);
  console.log(`| event → delivery at ${hooks.steady.rate} events/s, p50 | ${hooks.steady.p50} ms |`);
  console.log(`| event → delivery at ${hooks.steady.rate} events/s, p99 | ${hooks.steady.p99} ms |`);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
