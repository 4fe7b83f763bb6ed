import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { type BrowserClient, liveSession } from "../support/auth-client.ts";
import { freezeDate, SECOND, uniqueEmail } from "../support/fixtures.ts";
import { linkIn } from "../support/smtp-inbox.ts";
import { signedInUser, startTestServer, type TestServer, userByEmail, useTestServer } from "../support/test-server.ts";

// better-auth's magic-link plugin allows 5 verifications per minute per address. Each visit here
// comes from its own (forwarded) address so the tests exercise the link, not that limit.
const server = useTestServer({ TRUSTED_PROXIES: "127.0.0.1" });
let visitor = 0;

/** Asks for a link for `email` and returns it as mailed. */
async function requestLink(s: TestServer, body: Record<string, string>): Promise<string> {
  const response = await s.client().post("/api/auth/sign-in/magic-link", body);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: true });
  await s.drainJobs();
  // Mails drained together arrive in any order, so pick the sign-in mail by its subject.
  const mails = s.inbox.to(body.email as string).filter((m) => m.subject === "Your sign-in link");
  return linkIn(mails.at(-1));
}

/** Follows a link in a browser as a person clicking it in their mail would (redirect not followed). */
async function visit(browser: BrowserClient, link: string) {
  visitor += 1;
  const response = await browser.fetch(link, { headers: { "x-forwarded-for": `198.51.100.${visitor}` } });
  const location = response.headers.get("location");
  return { status: response.status, location: location ? new URL(location) : undefined };
}

/** A new browser opens a used or expired link: it lands on /sign-in with error=INVALID_TOKEN, signed out. */
async function expectRefusedLink(link: string) {
  const browser = server.client();
  const { status, location } = await visit(browser, link);
  expect(status).toBe(302);
  expect(location?.pathname).toBe("/sign-in");
  expect(location?.searchParams.get("error")).toBe("INVALID_TOKEN");
  expect(await liveSession(browser)).toBeNull();
}
/** SQLite keeps booleans as 0/1. */
const isVerified = async (s: TestServer, email: string) => Boolean((await userByEmail(s, email))?.emailVerified);
const passwordSignIn = (s: TestServer, email: string, password: string) => s.client().post("/api/auth/sign-in/email", { email, password });

describe("POST /api/auth/sign-in/magic-link", () => {
  it("mails a link that signs the person in and lands on callbackURL", async () => {
    const { email, userId } = await signedInUser(server);
    const link = await requestLink(server, { email, callbackURL: "/account" });
    expect(server.inbox.to(email).at(-1)?.text).toContain("valid for 5 minutes.");

    const browser = server.client();
    const { status, location } = await visit(browser, link);
    expect(status).toBe(302);
    expect(location?.href).toBe(`${server.url}/account`);
    expect((await liveSession(browser))?.user).toMatchObject({ id: userId, email });
  });

  it("works once: a second visit signs nobody in and redirects with error=INVALID_TOKEN", async () => {
    const { email } = await signedInUser(server);
    const link = await requestLink(server, { email, callbackURL: "/account", errorCallbackURL: "/sign-in" });
    expect((await visit(server.client(), link)).status).toBe(302);

    await expectRefusedLink(link);
  });

  it("signs up a new address as a verified user with the given name and lands on newUserCallbackURL", async () => {
    const email = uniqueEmail("newcomer");
    const link = await requestLink(server, { email, name: "Newcomer", callbackURL: "/account", newUserCallbackURL: "/welcome" });
    expect(await userByEmail(server, email)).toBeUndefined();

    const browser = server.client();
    const { status, location } = await visit(browser, link);
    expect(status).toBe(302);
    expect(location?.pathname).toBe("/welcome");
    expect((await liveSession(browser))?.user).toMatchObject({ email, name: "Newcomer", emailVerified: true });
    // No password was set, so there is nothing to sign in with but links (or "forgot password").
    const accounts = await (await browser.fetch("/api/auth/list-accounts")).json();
    expect(accounts).toEqual([]);
  });

  it("refuses an untrusted callbackURL with 403 and mails nothing", async () => {
    const email = uniqueEmail("phished");
    for (const field of ["callbackURL", "newUserCallbackURL", "errorCallbackURL"]) {
      const response = await server.client().post("/api/auth/sign-in/magic-link", { email, [field]: "https://evil.example.com/" });
      expect(response.status).toBe(403);
      expect((await response.json()).message).toMatch(/^Invalid/);
    }
    await server.drainJobs();
    expect(server.inbox.to(email)).toEqual([]);
  });

  it("stores only a hash of the token, so the database cannot hand out sign-in links", async () => {
    const email = uniqueEmail("hashed");
    const link = await requestLink(server, { email });
    const token = new URL(link).searchParams.get("token") as string;
    expect(token).toMatch(/^[A-Za-z]{32}$/);

    const rows = await server.deps.db.selectFrom("verification").selectAll().execute();
    expect(rows.filter((r) => r.identifier.includes(token) || r.value.includes(token))).toEqual([]);
    const hash = createHash("sha256").update(token).digest("base64url");
    expect(rows.filter((r) => r.identifier === `magic-link:${hash}`)).toHaveLength(1);
  });
});

describe("GET /api/auth/magic-link/verify", () => {
  it("refuses a link whose callbackURL was changed to an untrusted site with 403, and the real link still works", async () => {
    const { email } = await signedInUser(server);
    const link = await requestLink(server, { email, callbackURL: "/account" });
    const tampered = new URL(link);
    tampered.searchParams.set("callbackURL", "https://evil.example.com/");

    const browser = server.client();
    const refused = await browser.fetch(tampered.href, { headers: { "x-forwarded-for": "203.0.113.1" } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: "Invalid callbackURL" });
    expect(await liveSession(browser)).toBeNull();

    expect((await visit(browser, link)).location?.pathname).toBe("/account");
  });

  it("expires after 300 s (MAGIC_LINK_EXPIRES_IN default): then it redirects to errorCallbackURL with error=INVALID_TOKEN", async () => {
    const { email } = await signedInUser(server);
    const start = freezeDate();
    const early = await requestLink(server, { email, callbackURL: "/account", errorCallbackURL: "/sign-in" });
    const late = await requestLink(server, { email, callbackURL: "/account", errorCallbackURL: "/sign-in" });

    vi.setSystemTime(start + 299 * SECOND);
    expect((await visit(server.client(), early)).location?.pathname).toBe("/account");

    vi.setSystemTime(start + 301 * SECOND);
    await expectRefusedLink(late);
  });

  it("without errorCallbackURL, reports the error on callbackURL", async () => {
    const link = new URL(`${server.url}/api/auth/magic-link/verify`);
    link.searchParams.set("token", "a".repeat(32));
    link.searchParams.set("callbackURL", "/account");
    const { location } = await visit(server.client(), link.href);
    expect(location?.pathname).toBe("/account");
    expect(location?.searchParams.get("error")).toBe("INVALID_TOKEN");
  });

  it("answers the 6th visit within a minute from one address with 429 (the plugin's own limit)", async () => {
    const link = `${server.url}/api/auth/magic-link/verify?token=${"b".repeat(32)}&callbackURL=%2Faccount`;
    const from = { headers: { "x-forwarded-for": "203.0.113.60" } };
    for (let i = 0; i < 5; i++) expect((await server.client().fetch(link, from)).status).toBe(302);
    expect((await server.client().fetch(link, from)).status).toBe(429);
    // Another address is not affected.
    expect((await visit(server.client(), link)).status).toBe(302);
  });
});

describe("MAGIC_LINK_EXPIRES_IN=60", () => {
  it("says one minute in the mail and refuses the link after 61 s", async () => {
    const quick = await startTestServer({ MAGIC_LINK_EXPIRES_IN: "60" });
    try {
      const { email } = await signedInUser(quick);
      const start = freezeDate();
      const link = await requestLink(quick, { email, callbackURL: "/account" });
      expect(quick.inbox.to(email).at(-1)?.text).toContain("valid for 1 minute.");
      vi.setSystemTime(start + 61 * SECOND);
      const { location } = await visit(quick.client(), link);
      expect(location?.searchParams.get("error")).toBe("INVALID_TOKEN");
    } finally {
      await quick.stop();
    }
  });
});

// docs/decisions/0006-magic-link-on-unverified-accounts.md
describe("a magic link proves the mailbox: what an unverified account had before is dropped", () => {
  it("removes the password set on an unverified account and marks the email verified", async () => {
    const email = uniqueEmail("squatted");
    // Someone registers the address with their own password and never verifies it.
    await server.client().auth.signUp.email({ email, password: "squatter's password", name: "Squatter" });
    expect(await isVerified(server, email)).toBe(false);

    const owner = server.client();
    await visit(owner, await requestLink(server, { email, callbackURL: "/account" }));
    expect((await liveSession(owner))?.user).toMatchObject({ email, emailVerified: true });
    expect(await isVerified(server, email)).toBe(true);

    const squatter = await passwordSignIn(server, email, "squatter's password");
    expect(squatter.status).toBe(401);
    expect(await squatter.json()).toMatchObject({ message: "Invalid email or password" });
  });

  it("also ends the sessions an unverified account had (REQUIRE_EMAIL_VERIFICATION=false)", async () => {
    const open = await startTestServer({ REQUIRE_EMAIL_VERIFICATION: "false" });
    try {
      const email = uniqueEmail("squatted");
      const squatter = open.client();
      const signUp = await squatter.auth.signUp.email({ email, password: "squatter's password", name: "Squatter" });
      expect(typeof signUp.data?.token).toBe("string");
      expect((await liveSession(squatter))?.user).toMatchObject({ email, emailVerified: false });

      const owner = open.client();
      await visit(owner, await requestLink(open, { email, callbackURL: "/account" }));
      expect((await liveSession(owner))?.user).toMatchObject({ email, emailVerified: true });

      expect(await liveSession(squatter)).toBeNull();
      expect((await passwordSignIn(open, email, "squatter's password")).status).toBe(401);
      const sessions = await open.deps.db
        .selectFrom("session")
        .selectAll()
        .where("userId", "=", signUp.data?.user.id ?? "")
        .execute();
      expect(sessions).toHaveLength(1);
    } finally {
      await open.stop();
    }
  });

  it("leaves a verified account's password and sessions alone", async () => {
    const { client: laptop, email, password } = await signedInUser(server);
    const phone = server.client();
    await visit(phone, await requestLink(server, { email, callbackURL: "/account" }));
    expect((await liveSession(phone))?.user.email).toBe(email);

    expect((await liveSession(laptop))?.user.email).toBe(email);
    expect((await passwordSignIn(server, email, password)).status).toBe(200);
  });
});

describe("rate limiting of /sign-in/magic-link (RATE_LIMIT_SENSITIVE_MAX=4)", () => {
  // A mail-sending endpoint: its window is 60 s like password-reset mail, not sign-in's 10 s.
  it("still answers 429 after 30 s, then lets the person try again once the minute is over", async () => {
    const limited = await startTestServer({ RATE_LIMIT_SENSITIVE_MAX: "4" });
    try {
      const start = freezeDate();
      const browser = limited.client();
      const ask = () => browser.post("/api/auth/sign-in/magic-link", { email: uniqueEmail("flood"), callbackURL: "/account" });
      for (let i = 0; i < 4; i++) expect((await ask()).status).toBe(200);
      expect((await ask()).status).toBe(429);
      vi.setSystemTime(start + 30 * SECOND);
      expect((await ask()).status).toBe(429);
      vi.setSystemTime(start + 61 * SECOND);
      expect((await ask()).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});
