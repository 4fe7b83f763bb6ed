/**
 * Webhook delivery figures for `npm run bench`: deliveries per second from a backlog to a local
 * receiver, and event-to-delivery latency at a steady event rate. The app server (RUN_WORKER=false)
 * writes the events; a separate worker process sends them, as in a deployment that scales workers.
 */
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type GatehouseProcess, localServerEnv, spawnGatehouse, waitUntilReady } from "../test/support/gatehouse-process.ts";

const ENDPOINTS = Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 8);
const BACKLOG = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 250);
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 20);

/** A receiver that answers 200 at once and notes when each webhook-id first arrived. */
async function startReceiver() {
  const arrivals = new Map<string, { at: number; body: string }>();
  let total = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      total += 1;
      const id = String(request.headers["webhook-id"]);
      if (!arrivals.has(id)) arrivals.set(id, { at: Date.now(), body: Buffer.concat(chunks).toString() });
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, arrivals, total: () => total, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A signed-in owner with an active organization; /v1 accepts the dashboard's session cookie. */
async function merchantCookie(base: string): Promise<string> {
  const jar = new Map<string, string>();
  const call = async (path: string, body: unknown) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response.json() as Promise<{ id: string }>;
  };
  await call("/api/auth/sign-up/email", { email: "hooks@example.com", password: "benchmark password", name: "Hooks" });
  const organization = await call("/api/auth/organization/create", { name: "Hooks", slug: "hooks" });
  await call("/api/auth/organization/set-active", { organizationId: organization.id });
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/**
 * The baseline for the deliveries/s ratio: the same number of plain POSTs of a delivery's size to
 * the same receiver, on fresh connections, ENDPOINTS at a time, from this process — the network part
 * of a delivery without signing, database or leases.
 */
async function plainPostsPerSecond(url: string, count: number, body: string): Promise<number> {
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const req = httpRequest(
        url,
        { method: "POST", agent: false, headers: { "content-type": "application/json", "webhook-id": "baseline" } },
        (res) => {
          res.resume();
          res.on("end", resolve);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  let left = count;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: ENDPOINTS }, async () => {
      while (left-- > 0) await post();
    }),
  );
  return count / ((Date.now() - started) / 1000);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function benchWebhooks(dir: string, port: number) {
  const base = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: "production",
    ...localServerEnv(port, join(dir, "webhooks.db")),
    BASE_URL: base,
    REQUIRE_EMAIL_VERIFICATION: "false",
    LOG_LEVEL: "warn",
    RATE_LIMIT_MAX: "100000000",
    RATE_LIMIT_SENSITIVE_MAX: "100000000",
    // The receiver is on loopback, which production refuses by default.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
  };
  const server = spawnGatehouse("server", { ...env, RUN_WORKER: "false" });
  const receiver = await startReceiver();
  let worker: GatehouseProcess | undefined;
  try {
    await waitUntilReady(base, server);
    const cookie = await merchantCookie(base);
    const v1 = async (method: string, path: string, body: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { "content-type": "application/json", origin: base, cookie },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: string };
    };
    for (let i = 0; i < ENDPOINTS; i++) {
      await v1("POST", "/v1/webhooks/endpoints", { url: `${receiver.url}?n=${i}`, format: "raw", events: ["product.created"] });
    }
    const product = () =>
      v1("POST", "/v1/products/", { name: "Bench", prices: [{ amount_type: "fixed", price_amount: 100, price_currency: "usd" }] });
    process.stderr.write(`webhooks: writing ${BACKLOG} events × ${ENDPOINTS} endpoints…\n`);
    let last = { id: "" };
    for (let i = 0; i < BACKLOG; i++) last = await product();

    const deliveries = BACKLOG * ENDPOINTS;
    worker = spawnGatehouse("worker", { ...env, LOG_LEVEL: "info" });
    await worker.waitFor("Gatehouse worker started");
    const started = Date.now();
    while (receiver.arrivals.size < deliveries) await sleep(20);
    const seconds = (Date.now() - started) / 1000;

    // Steady rate: product.updated goes to one endpoint; latency is envelope timestamp → arrival.
    await v1("POST", "/v1/webhooks/endpoints", { url: `${receiver.url}?latency`, format: "raw", events: ["product.updated"] });
    const steadySeconds = 10;
    process.stderr.write(`webhooks: ${RATE} events/s for ${steadySeconds}s…\n`);
    const before = new Set(receiver.arrivals.keys());
    const tickMs = 1000 / RATE;
    const start = Date.now();
    for (let i = 0; i < RATE * steadySeconds; i++) {
      await sleep(Math.max(0, start + i * tickMs - Date.now()));
      void v1("PATCH", `/v1/products/${last.id}`, { name: `Bench ${i}` });
    }
    const expected = before.size + RATE * steadySeconds;
    while (receiver.arrivals.size < expected) await sleep(20);
    const sample = receiver.arrivals.values().next().value?.body ?? "{}";
    const baselinePerSecond = await plainPostsPerSecond(receiver.url, deliveries, sample);
    const latencies = [...receiver.arrivals]
      .filter(([id]) => !before.has(id) && id !== "baseline")
      .map(([, { at, body }]) => at - Date.parse((JSON.parse(body) as { timestamp: string }).timestamp))
      .sort((a, b) => a - b);
    return {
      deliveries,
      seconds,
      perSecond: deliveries / seconds,
      baselinePerSecond,
      requests: receiver.total(),
      steady: { rate: RATE, events: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
    };
  } finally {
    await worker?.stop();
    await server.stop();
    await receiver.close();
  }
}
