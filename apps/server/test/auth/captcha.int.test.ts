import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserClient } from "../support/auth-client.ts";
import { uniqueEmail } from "../support/fixtures.ts";
import { linkIn } from "../support/smtp-inbox.ts";
import { freePort, startTestServer, type TestServer, userByEmail, useTestServer } from "../support/test-server.ts";

/**
 * A local stand-in for a captcha provider's siteverify endpoint. It answers as the real ones do
 * (better-auth's verify-handlers: Turnstile posts JSON, reCAPTCHA and hCaptcha post a form) and
 * only understands the encoding its provider uses, so a request in the wrong shape fails the test.
 * Tokens: "human" passes, "bot" is rejected, "score-0.3" etc. pass with that reCAPTCHA v3 score,
 * "hang" never gets an answer.
 */
class SiteVerifyStub {
  readonly received: Record<string, string>[] = [];
  private server: Server | undefined;
  private readonly encoding: "json" | "form";
  url = "";

  constructor(encoding: "json" | "form") {
    this.encoding = encoding;
  }

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (c: Buffer) => chunks.push(c));
      request.on("end", () => {
        const raw = Buffer.concat(chunks).toString();
        const type = request.headers["content-type"] ?? "";
        const fields =
          this.encoding === "json" && type.startsWith("application/json")
            ? (JSON.parse(raw) as Record<string, string>)
            : this.encoding === "form" && type.startsWith("application/x-www-form-urlencoded")
              ? Object.fromEntries(new URLSearchParams(raw))
              : undefined;
        if (!fields) {
          response.writeHead(415).end();
          return;
        }
        this.received.push(fields);
        const token = fields.response ?? "";
        if (token === "hang") return;
        const score = token.startsWith("score-") ? { score: Number(token.slice(6)) } : {};
        const success = token === "human" || token.startsWith("score-");
        const answer = success
          ? { success: true, hostname: "127.0.0.1", challenge_ts: new Date().toISOString(), ...score }
          : { success: false, "error-codes": ["invalid-input-response"] };
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

const SECRET = "0x-secret-key-never-shown";
const SITE_KEY = "0x-public-site-key";
const MISSING = { status: 400, code: "MISSING_RESPONSE", message: "Missing CAPTCHA response" };
const FAILED = { status: 403, code: "VERIFICATION_FAILED", message: "Captcha verification failed" };

/** A POST as the web app sends it, with the widget's token in `x-captcha-response` when given. */
async function send(browser: BrowserClient, path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token !== undefined) headers["x-captcha-response"] = token;
  const response = await browser.fetch(`/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

/** A verified user with a username, made through the captcha like anyone else. */
async function verifiedUser(s: TestServer, username: string) {
  const email = uniqueEmail("captcha");
  const password = "correct horse battery";
  const signUp = await send(s.client(), "/sign-up/email", { email, password, name: "C", username }, "human");
  expect(signUp.status).toBe(200);
  await s.drainJobs();
  await s.client().fetch(linkIn(s.inbox.to(email).at(-1)));
  return { email, password, username };
}

const PROVIDERS = [
  { provider: "cloudflare-turnstile", encoding: "json" },
  { provider: "google-recaptcha", encoding: "form" },
  { provider: "hcaptcha", encoding: "form" },
] as const;

describe.each(PROVIDERS)("CAPTCHA_PROVIDER=$provider", ({ provider, encoding }) => {
  let stub: SiteVerifyStub;
  let server: TestServer;
  let n = 0;
  beforeAll(async () => {
    stub = await new SiteVerifyStub(encoding).start();
    server = await startTestServer({
      CAPTCHA_PROVIDER: provider,
      CAPTCHA_SECRET_KEY: SECRET,
      CAPTCHA_SITE_KEY: SITE_KEY,
      CAPTCHA_VERIFY_URL: stub.url,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await stub?.stop();
  });

  /** Each protected endpoint with a body that would succeed once the captcha passes. */
  const protectedCalls = async () => {
    const user = await verifiedUser(server, `user${++n}`);
    const newEmail = uniqueEmail("new");
    const calls = [
      { path: "/sign-up/email", body: { email: newEmail, password: "correct horse battery", name: "N" } },
      { path: "/sign-in/email", body: { email: user.email, password: user.password } },
      { path: "/sign-in/username", body: { username: user.username, password: user.password } },
      { path: "/request-password-reset", body: { email: user.email, redirectTo: "/reset-password" } },
      { path: "/forget-password", body: { email: user.email, redirectTo: "/reset-password" } },
    ];
    const resetMails = async () => {
      await server.drainJobs();
      return server.inbox.to(user.email).filter((m) => m.subject === "Reset your password");
    };
    return { calls, newEmail, resetMails };
  };

  it("tells the web app the provider and the site key, never the secret", async () => {
    const response = await server.client().fetch("/api/auth/sign-in-methods");
    const text = await response.text();
    expect(JSON.parse(text).captcha).toEqual({ provider, siteKey: SITE_KEY });
    expect(text).not.toContain(SECRET);
  });

  it("refuses sign-up, sign-in and password-reset requests without a captcha token, before doing anything", async () => {
    const { calls, newEmail, resetMails } = await protectedCalls();
    const before = stub.received.length;
    for (const { path, body } of calls) {
      const browser = server.client();
      const answer = await send(browser, path, body);
      expect({ path, status: answer.status, ...answer.body }).toEqual({ path, ...MISSING });
      expect(browser.cookies.size).toBe(0);
    }
    expect(stub.received.length).toBe(before);
    expect(await userByEmail(server, newEmail)).toBeUndefined();
    expect(await resetMails()).toEqual([]);
  });

  it("refuses them when the provider rejects the token, having sent it the secret and the token", async () => {
    const { calls, newEmail, resetMails } = await protectedCalls();
    for (const { path, body } of calls) {
      const browser = server.client();
      const answer = await send(browser, path, body, "bot");
      expect({ path, status: answer.status, ...answer.body }).toEqual({ path, ...FAILED });
      expect(browser.cookies.size).toBe(0);
      expect(stub.received.at(-1)).toMatchObject({ secret: SECRET, response: "bot", remoteip: "127.0.0.1" });
    }
    expect(await userByEmail(server, newEmail)).toBeUndefined();
    expect(await resetMails()).toEqual([]);
  });

  it("lets them through when the provider accepts the token", async () => {
    const { calls, newEmail, resetMails } = await protectedCalls();
    for (const { path, body } of calls) {
      const browser = server.client();
      const answer = await send(browser, path, body, "human");
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      if (path.startsWith("/sign-in/")) expect((await browser.auth.getSession()).data?.user.email).toBe(answer.body.user.email);
    }
    expect(await userByEmail(server, newEmail)).toBeTruthy();
    expect(await resetMails()).toHaveLength(2);
  });

  it("asks nothing of other endpoints", async () => {
    expect((await server.client().fetch("/api/auth/get-session")).status).toBe(200);
    const magicLink = await send(server.client(), "/sign-in/magic-link", { email: uniqueEmail("link") });
    expect(magicLink.status).toBe(200);
  });

  if (provider === "hcaptcha") {
    it("sends the site key along, as hCaptcha checks it", async () => {
      await send(server.client(), "/sign-in/email", { email: uniqueEmail("h"), password: "whatever1" }, "human");
      expect(stub.received.at(-1)).toMatchObject({ sitekey: SITE_KEY });
    });
  }

  if (provider === "google-recaptcha") {
    it("refuses a reCAPTCHA v3 score below 0.5 by default and accepts 0.5 and above", async () => {
      const body = () => ({ email: uniqueEmail("score"), password: "correct horse battery", name: "S" });
      expect((await send(server.client(), "/sign-up/email", body(), "score-0.3")).body).toMatchObject({ code: FAILED.code });
      expect((await send(server.client(), "/sign-up/email", body(), "score-0.5")).status).toBe(200);
    });
  }
});

describe("CAPTCHA_PROVIDER=google-recaptcha with CAPTCHA_MIN_SCORE=0.8", () => {
  it("refuses a score below 0.8 with 403 and accepts 0.8", async () => {
    const stub = await new SiteVerifyStub("form").start();
    const strict = await startTestServer({
      CAPTCHA_PROVIDER: "google-recaptcha",
      CAPTCHA_SECRET_KEY: SECRET,
      CAPTCHA_VERIFY_URL: stub.url,
      CAPTCHA_MIN_SCORE: "0.8",
    });
    try {
      const body = () => ({ email: uniqueEmail("score"), password: "correct horse battery", name: "S" });
      const low = await send(strict.client(), "/sign-up/email", body(), "score-0.7");
      expect({ status: low.status, ...low.body }).toEqual(FAILED);
      expect((await send(strict.client(), "/sign-up/email", body(), "score-0.8")).status).toBe(200);
      // Without a site key the web app still learns which widget to expect.
      const methods = await (await strict.client().fetch("/api/auth/sign-in-methods")).json();
      expect(methods.captcha).toEqual({ provider: "google-recaptcha", siteKey: null });
    } finally {
      await strict.stop();
      await stub.stop();
    }
  });
});

describe("a captcha provider that cannot be reached", () => {
  it("answers 500 with an error id at once when nothing listens, and signs nobody in", async () => {
    const down = await startTestServer({
      CAPTCHA_PROVIDER: "cloudflare-turnstile",
      CAPTCHA_SECRET_KEY: SECRET,
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${await freePort()}/siteverify`,
    });
    try {
      const email = uniqueEmail("down");
      const browser = down.client();
      const started = Date.now();
      const answer = await send(browser, "/sign-up/email", { email, password: "correct horse battery", name: "D" }, "human");
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({ code: "INTERNAL_SERVER_ERROR", errorId: expect.any(String) });
      expect(await userByEmail(down, email)).toBeUndefined();
      // The server itself is fine.
      expect((await down.client().fetch("/api/auth/ok")).status).toBe(200);
    } finally {
      await down.stop();
    }
  });

  it("gives up on a provider that does not answer after 10 s with the same error", async () => {
    const stub = await new SiteVerifyStub("form").start();
    const slow = await startTestServer({ CAPTCHA_PROVIDER: "hcaptcha", CAPTCHA_SECRET_KEY: SECRET, CAPTCHA_VERIFY_URL: stub.url });
    try {
      const started = Date.now();
      const answer = await send(slow.client(), "/sign-in/email", { email: uniqueEmail("slow"), password: "whatever1" }, "hang");
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_500);
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({ code: "INTERNAL_SERVER_ERROR", errorId: expect.any(String) });
    } finally {
      await slow.stop();
      await stub.stop();
    }
  }, 20_000);
});

describe("without CAPTCHA_PROVIDER", () => {
  const server = useTestServer();

  it("asks for no captcha and tells the web app so", async () => {
    const methods = await (await server.client().fetch("/api/auth/sign-in-methods")).json();
    expect(methods.captcha).toBeNull();
    const signUp = await send(server.client(), "/sign-up/email", {
      email: uniqueEmail("free"),
      password: "correct horse battery",
      name: "F",
    });
    expect(signUp.status).toBe(200);
  });
});
