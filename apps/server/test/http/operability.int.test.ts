import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/fixtures.ts";
import { linkIn } from "../support/smtp-inbox.ts";
import { testEngine } from "../support/test-database.ts";
import { startTestServer, useTestServer } from "../support/test-server.ts";

const server = useTestServer();

describe("health and readiness", () => {
  it("GET /health answers 200 { status: 'ok' }", async () => {
    const response = await server.client().fetch("/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("GET /ready answers 200 with the database engine in use", async () => {
    const response = await server.client().fetch("/ready");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready", database: testEngine });
  });
});

describe("X-Request-Id", () => {
  it("is set on answers of every kind, a new one per request", async () => {
    const browser = server.client();
    const responses = await Promise.all(
      ["/health", "/ready", "/api/nope", "/api/auth/error?error=state_not_found", "/sign-in", "/api/auth/nope"].map((p) =>
        browser.fetch(p),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 404, 200, 200, 404]);
    const ids = responses.map((r) => r.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a well-formed id sent by the caller", async () => {
    const response = await server.client().fetch("/health", { headers: { "x-request-id": "trace-42" } });
    expect(response.headers.get("x-request-id")).toBe("trace-42");
  });

  it("sets X-Request-Id on /api/auth/* answers too", async () => {
    const browser = server.client();
    const answers = [
      await browser.fetch("/api/auth/ok"),
      await browser.fetch("/api/auth/get-session"),
      await browser.post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "whatever1" }),
    ];
    const ids = answers.map((r) => r.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });
});

describe("development mailbox", () => {
  describe("without SMTP", () => {
    const noSmtp = useTestServer({ SMTP_URL: "" });

    it("lists the verification mail of a new sign-up, and its link verifies the address", async () => {
      const email = uniqueEmail("dev-mail");
      const browser = noSmtp.client();
      const { error } = await browser.auth.signUp.email({ email, password: "long enough", name: "Dev" });
      expect(error).toBeNull();
      expect(await noSmtp.drainJobs()).toBe(1);

      const response = await browser.fetch(`/api/dev/mailbox?to=${encodeURIComponent(email.toUpperCase())}`);
      expect(response.status).toBe(200);
      const { mails } = await response.json();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: email, subject: "Verify your email address" });
      expect(Number.isNaN(Date.parse(mails[0].createdAt))).toBe(false);
      // It went to the mailbox, not out over SMTP.
      expect(noSmtp.inbox.received).toHaveLength(0);

      const link = linkIn(mails[0]);
      expect(link).toContain("/api/auth/verify-email?token=");
      expect((await browser.fetch(link)).status).toBe(302);
      expect((await browser.auth.getSession()).data?.user).toMatchObject({ email, emailVerified: true });
    });

    it("lists the newest mail first and honours limit", async () => {
      const first = uniqueEmail("older");
      const second = uniqueEmail("newer");
      await noSmtp.client().auth.signUp.email({ email: first, password: "long enough", name: "A" });
      await noSmtp.drainJobs();
      await noSmtp.client().auth.signUp.email({ email: second, password: "long enough", name: "B" });
      await noSmtp.drainJobs();

      const response = await noSmtp.client().fetch("/api/dev/mailbox?limit=1");
      expect(response.status).toBe(200);
      const { mails } = await response.json();
      expect(mails.map((m: { to: string }) => m.to)).toEqual([second]);
    });

    it("answers 404 to anyone but the machine itself", async () => {
      const behindProxy = await startTestServer({ SMTP_URL: "", TRUSTED_PROXIES: "127.0.0.1" });
      try {
        const remote = await behindProxy.client().fetch("/api/dev/mailbox", { headers: { "x-forwarded-for": "203.0.113.9" } });
        expect(remote.status).toBe(404);
        const local = await behindProxy.client().fetch("/api/dev/mailbox");
        expect(local.status).toBe(200);
      } finally {
        await behindProxy.stop();
      }
    });

    it("refuses limit=0 with 400 VALIDATION_ERROR", async () => {
      const response = await noSmtp.client().fetch("/api/dev/mailbox?limit=0");
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "VALIDATION_ERROR", message: "Invalid query parameters" });
    });
  });

  it("does not exist when mail really goes out over SMTP", async () => {
    const response = await server.client().fetch("/api/dev/mailbox");
    expect(response.status).toBe(404);
  });

  describe("in production", () => {
    // Without SMTP, so only production is what hides the mailbox.
    const production = useTestServer({ NODE_ENV: "production", SMTP_URL: "" });

    it("does not exist: GET /api/dev/mailbox answers 404", async () => {
      const browser = production.client();
      await browser.auth.signUp.email({ email: uniqueEmail("prod"), password: "long enough", name: "P" });
      await production.drainJobs();
      const response = await browser.fetch("/api/dev/mailbox");
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
      // The server itself is up and serving.
      expect((await browser.fetch("/health")).status).toBe(200);
    });
  });
});
