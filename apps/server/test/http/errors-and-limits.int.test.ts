import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { liveSession } from "../support/auth-client.ts";
import { freezeDate, SECOND, uniqueEmail } from "../support/fixtures.ts";
// This file runs under vitest's NODE_ENV=test, in which better-auth would skip Origin and
// callbackURL checks if Gatehouse did not force them on: passing here proves it does.
import { signedInUser, useTestServer } from "../support/test-server.ts";

const server = useTestServer();

const sessionCookie = (r: Response) => r.headers.getSetCookie().find((c) => c.includes("session_token="));

describe("GET /api/auth/ok and /api/auth/error", () => {
  it("GET /api/auth/ok answers { ok: true }", async () => {
    const response = await server.client().fetch("/api/auth/ok");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("GET /api/auth/error serves the web app's HTML page", async () => {
    const response = await server.client().fetch("/api/auth/error?error=state_not_found");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect((await response.text()).trimStart()).toMatch(/^<!doctype html>/i);
  });
});

describe("callback URLs and Origin", () => {
  it("refuses an untrusted callbackURL on sign-in with 403 'Invalid callbackURL' and signs nobody in", async () => {
    const { email, password } = await signedInUser(server);
    const browser = server.client();
    const response = await browser.post("/api/auth/sign-in/email", { email, password, callbackURL: "https://evil.example/x" });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "INVALID_CALLBACK_URL", message: "Invalid callbackURL" });
    expect(sessionCookie(response)).toBeUndefined();
    expect((await browser.auth.getSession()).data).toBeNull();
  });

  it("accepts a relative callbackURL and hands it back as the redirect target", async () => {
    const { email, password } = await signedInUser(server);
    const browser = server.client();
    const response = await browser.post("/api/auth/sign-in/email", { email, password, callbackURL: "/dashboard" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ redirect: true, url: "/dashboard", user: { email } });
    expect((await browser.auth.getSession()).data?.user.email).toBe(email);
  });

  it("refuses a POST that carries cookies from an untrusted Origin with 403, and changes nothing", async () => {
    const { client } = await signedInUser(server, { name: "Original" });
    const attacker = server.client({ origin: "https://evil.example" });
    for (const [name, value] of client.cookies) attacker.cookies.set(name, value);

    const response = await attacker.post("/api/auth/update-user", { name: "Hijacked" });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "INVALID_ORIGIN", message: "Invalid origin" });
    expect((await liveSession(client))?.user.name).toBe("Original");

    // The same request from the app's own origin goes through.
    expect((await client.post("/api/auth/update-user", { name: "Changed" })).status).toBe(200);
  });

  it("runs these checks even though this process has NODE_ENV=test", () => {
    expect(process.env.NODE_ENV).toBe("test");
  });
});

describe("malformed and oversized bodies", () => {
  it("answers malformed JSON with 400, not 500", async () => {
    const response = await server.client().fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"email": "a@example.com", "password":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "BAD_REQUEST", message: "Invalid JSON in request body" });
  });

  describe("with BODY_LIMIT_BYTES=1024", () => {
    const small = useTestServer({ BODY_LIMIT_BYTES: "1024" });

    const fiveKb = () => JSON.stringify({ email: uniqueEmail("big"), password: "long enough", name: "x".repeat(5 * 1024) });

    it("answers a 5 KB body with 413 JSON PAYLOAD_TOO_LARGE and creates nothing", async () => {
      const response = await small.client().fetch("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: fiveKb(),
      });
      expect(response.status).toBe(413);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ code: "PAYLOAD_TOO_LARGE", message: "Request body exceeds 1024 bytes" });
      expect(await small.deps.db.selectFrom("user").select("id").execute()).toEqual([]);
    });

    it("also stops a streamed body without Content-Length", async () => {
      const bytes = new TextEncoder().encode(fiveKb());
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      });
      const init = { method: "POST", headers: { "content-type": "application/json" }, body, duplex: "half" } as RequestInit;
      const response = await small.client().fetch("/api/auth/sign-up/email", init);
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    });

    it("still accepts a body under the limit", async () => {
      const { data, error } = await small.client().auth.signUp.email({ email: uniqueEmail("small"), password: "long enough", name: "S" });
      expect(error).toBeNull();
      expect(data?.user.emailVerified).toBe(false);
    });
  });
});

describe("failures inside better-auth", () => {
  it("answer 500 with an error id and nothing about the cause", async () => {
    const { email, password } = await signedInUser(server);
    await sql`alter table account rename to account_unavailable`.execute(server.deps.db);
    try {
      const response = await server.client().post("/api/auth/sign-in/email", { email, password });
      expect(response.status).toBe(500);
      const body = await response.json();
      expect(body).toEqual({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error", errorId: expect.stringMatching(/^err_/) });
    } finally {
      await sql`alter table account_unavailable rename to account`.execute(server.deps.db);
    }
  });
});

describe("unknown endpoints", () => {
  it("answers an unknown /api path with 404 JSON", async () => {
    const response = await server.client().fetch("/api/nope");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ code: "NOT_FOUND", message: "No such endpoint" });
  });

  it("answers an unknown /api/auth path with 404 JSON too", async () => {
    const response = await server.client().fetch("/api/auth/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: "NOT_FOUND", message: "No such endpoint" });
  });
});

describe("rate limiting (RATE_LIMIT_SENSITIVE_MAX=3, RATE_LIMIT_MAX=5)", () => {
  const limited = useTestServer({ RATE_LIMIT_SENSITIVE_MAX: "3", RATE_LIMIT_MAX: "5" });

  it("answers the 4th sign-in attempt within 10 s with 429, leaves other routes alone, and lets it through after the window", async () => {
    const browser = limited.client();
    const attempt = () => browser.post("/api/auth/sign-in/email", { email: "victim@example.com", password: "guess guess" });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);

    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ message: "Too many requests. Please try again later." });
    expect(Number(blocked.headers.get("x-retry-after"))).toBeGreaterThan(0);

    // Sign-up has its own counter.
    const signUp = await browser.auth.signUp.email({ email: uniqueEmail("other-route"), password: "long enough", name: "O" });
    expect(signUp.error).toBeNull();

    vi.setSystemTime(freezeDate() + 11 * SECOND);
    expect((await attempt()).status).toBe(401);
  });

  it("X-Retry-After on a 429 gives the seconds left in the window, on PostgreSQL as on SQLite", async () => {
    const browser = limited.client();
    const attempt = () => browser.post("/api/auth/sign-in/email", { email: "retry@example.com", password: "guess guess" });
    for (let i = 0; i < 3; i++) await attempt();
    const retryAfter = Number((await attempt()).headers.get("x-retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(10);
  });

  it("lets a sign-in screen read GET /sign-in-methods 5 times (the general limit), not 3 like a sign-in", async () => {
    const browser = limited.client();
    for (let i = 0; i < 5; i++) expect((await browser.fetch("/api/auth/sign-in-methods")).status).toBe(200);
    expect((await browser.fetch("/api/auth/sign-in-methods")).status).toBe(429);
  });

  it("answers the 6th GET /api/auth/ok within the window with 429, counting in the rateLimit table", async () => {
    const browser = limited.client();
    for (let i = 0; i < 5; i++) expect((await browser.fetch("/api/auth/ok")).status).toBe(200);
    const blocked = await browser.fetch("/api/auth/ok");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("x-retry-after"))).toBeGreaterThan(0);

    const rows = await limited.deps.db.selectFrom("rateLimit").selectAll().execute();
    const byKey = new Map(rows.map((r) => [r.key, r]));
    expect(Number(byKey.get("127.0.0.1|/ok")?.count)).toBe(5);
    expect(Math.abs(Number(byKey.get("127.0.0.1|/ok")?.lastRequest) - Date.now())).toBeLessThan(60_000);
    expect(byKey.has("127.0.0.1|/sign-in/email")).toBe(true);
  });
});
