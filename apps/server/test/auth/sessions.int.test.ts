import { describe, expect, it, vi } from "vitest";
import type { BrowserClient } from "../support/auth-client.ts";
import { DAY, freezeDate, HOUR, SECOND } from "../support/fixtures.ts";
import { signedInUser, type TestServer, useTestServer } from "../support/test-server.ts";

const SESSION_COOKIE = "better-auth.session_token";
const CACHE_COOKIE = "better-auth.session_data";

const server = useTestServer();

/** Signs the same user in from another browser. */
async function anotherBrowser(on: TestServer, email: string, password: string, rememberMe?: boolean): Promise<BrowserClient> {
  const browser = on.client();
  const { error } = await browser.auth.signIn.email({ email, password, ...(rememberMe === undefined ? {} : { rememberMe }) });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return browser;
}

/** The session as the database sees it, bypassing the 60 s cookie cache. */
async function liveSession(browser: BrowserClient) {
  const { data, error } = await browser.auth.getSession({ query: { disableCookieCache: true } });
  expect(error).toBeNull();
  return data;
}

async function tokenOf(browser: BrowserClient): Promise<string> {
  const session = await liveSession(browser);
  if (!session) throw new Error("browser is not signed in");
  return session.session.token;
}

describe("GET /api/auth/get-session", () => {
  it("answers null to a browser that is not signed in", async () => {
    const response = await server.client().fetch("/api/auth/get-session");
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });

  it("returns the signed-in user and their session", async () => {
    const { client, email, userId } = await signedInUser(server);
    const response = await client.fetch("/api/auth/get-session");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user).toMatchObject({ id: userId, email, emailVerified: true });
    expect(body.session).toMatchObject({ userId });
    expect(new Date(body.session.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it("keeps serving a revoked session from the cookie cache, while disableCookieCache reads the database", async () => {
    const start = freezeDate();
    const { client: laptop, email, password } = await signedInUser(server);
    const phone = await anotherBrowser(server, email, password);
    // Fill the laptop's cookie cache.
    expect((await laptop.auth.getSession()).data?.user.email).toBe(email);
    const laptopToken = await tokenOf(laptop);

    const revoked = await phone.post("/api/auth/revoke-session", { token: laptopToken });
    expect(revoked.status).toBe(200);

    // Within the 60 s cache lifetime the cached read still shows the session…
    vi.setSystemTime(start + 30 * SECOND);
    expect((await laptop.auth.getSession()).data?.session.token).toBe(laptopToken);
    // …but an uncached read asks the database, finds nothing and clears the cookies.
    const fresh = await laptop.fetch("/api/auth/get-session?disableCookieCache=true");
    expect(await fresh.json()).toBeNull();
    expect(fresh.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Max-Age=0/i);
    expect(laptop.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await laptop.auth.getSession()).data).toBeNull();
  });

  it("stops serving a revoked session once the 60 s cookie cache has lapsed", async () => {
    const start = freezeDate();
    const { client: laptop, email, password } = await signedInUser(server);
    const phone = await anotherBrowser(server, email, password);
    expect((await laptop.auth.getSession()).data?.user.email).toBe(email);
    await phone.post("/api/auth/revoke-session", { token: await tokenOf(laptop) });

    vi.setSystemTime(start + 59 * SECOND);
    expect((await laptop.auth.getSession()).data?.user.email).toBe(email);
    vi.setSystemTime(start + 61 * SECOND);
    expect((await laptop.auth.getSession()).data).toBeNull();
  });

  it("extends the session once update-age (1 day) has passed, but not with disableRefresh", async () => {
    const start = freezeDate();
    const { client } = await signedInUser(server);
    const initial = await liveSession(client);
    const initialExpiry = new Date(initial?.session.expiresAt ?? 0).getTime();
    // Seven days from sign-in.
    expect(initialExpiry).toBe(start + 7 * DAY);

    // Before update-age nothing moves.
    vi.setSystemTime(start + 12 * HOUR);
    expect(new Date((await liveSession(client))?.session.expiresAt ?? 0).getTime()).toBe(initialExpiry);

    // After update-age, a read with disableRefresh still leaves the expiry alone…
    vi.setSystemTime(start + DAY + HOUR);
    const notRefreshed = await client.auth.getSession({ query: { disableCookieCache: true, disableRefresh: true } });
    expect(new Date(notRefreshed.data?.session.expiresAt ?? 0).getTime()).toBe(initialExpiry);

    // …and a normal read pushes it seven days past now and renews the cookie.
    const response = await client.fetch("/api/auth/get-session?disableCookieCache=true");
    const body = await response.json();
    expect(new Date(body.session.expiresAt).getTime()).toBe(start + DAY + HOUR + 7 * DAY);
    expect(response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Max-Age=604800/i);

    // The extension is stored: the session outlives its original expiry.
    vi.setSystemTime(initialExpiry + HOUR);
    expect((await liveSession(client))?.session.token).toBe(body.session.token);
  });

  it("answers null and clears the cookies once the session has expired", async () => {
    const start = freezeDate();
    const { client } = await signedInUser(server);
    expect((await client.auth.getSession()).data).not.toBeNull();

    vi.setSystemTime(start + 7 * DAY + SECOND);
    const response = await client.fetch("/api/auth/get-session");
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    const cleared = response.headers.getSetCookie();
    expect(cleared.find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Max-Age=0/i);
    expect(cleared.find((c) => c.startsWith(`${CACHE_COOKIE}=`))).toMatch(/Max-Age=0/i);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(client.cookies.has(CACHE_COOKIE)).toBe(false);
  });
});

describe("session lifetime settings", () => {
  const short = useTestServer({ SESSION_EXPIRES_IN: "7200", SESSION_UPDATE_AGE: "600" });

  it("honours SESSION_EXPIRES_IN and SESSION_UPDATE_AGE", async () => {
    const start = freezeDate();
    const { client } = await signedInUser(short);
    expect(new Date((await liveSession(client))?.session.expiresAt ?? 0).getTime()).toBe(start + 2 * HOUR);

    vi.setSystemTime(start + 5 * 60 * SECOND);
    expect(new Date((await liveSession(client))?.session.expiresAt ?? 0).getTime()).toBe(start + 2 * HOUR);

    vi.setSystemTime(start + 11 * 60 * SECOND);
    expect(new Date((await liveSession(client))?.session.expiresAt ?? 0).getTime()).toBe(start + 11 * 60 * SECOND + 2 * HOUR);

    vi.setSystemTime(start + 11 * 60 * SECOND + 2 * HOUR + SECOND);
    expect(await liveSession(client)).toBeNull();
  });

  it("does not extend a session whose user chose not to be remembered", async () => {
    const start = freezeDate();
    const { email, password } = await signedInUser(short);
    const kiosk = await anotherBrowser(short, email, password, false);
    const before = new Date((await liveSession(kiosk))?.session.expiresAt ?? 0).getTime();

    vi.setSystemTime(start + 20 * 60 * SECOND);
    const after = await liveSession(kiosk);
    expect(after).not.toBeNull();
    expect(new Date(after?.session.expiresAt ?? 0).getTime()).toBe(before);
  });
});

describe("GET /api/auth/list-sessions", () => {
  it("lists the user's own active sessions only", async () => {
    const { client: laptop, email, password, userId } = await signedInUser(server);
    const phone = await anotherBrowser(server, email, password);
    const stranger = await signedInUser(server);

    const response = await laptop.fetch("/api/auth/list-sessions");
    expect(response.status).toBe(200);
    const sessions: { token: string; userId: string }[] = await response.json();
    expect(sessions.map((s) => s.token).sort()).toEqual([await tokenOf(laptop), await tokenOf(phone)].sort());
    expect(sessions.every((s) => s.userId === userId)).toBe(true);
    expect(sessions.map((s) => s.token)).not.toContain(await tokenOf(stranger.client));
  });

  it("answers 401 without a session", async () => {
    const response = await server.client().fetch("/api/auth/list-sessions");
    expect(response.status).toBe(401);
  });

  it("leaves out expired sessions", async () => {
    const start = freezeDate();
    const { email, password } = await signedInUser(server);
    await anotherBrowser(server, email, password, false); // a one-day session
    vi.setSystemTime(start + 12 * HOUR);
    const laptop = await anotherBrowser(server, email, password);
    vi.setSystemTime(start + DAY + HOUR);

    const sessions: { token: string }[] = await (await laptop.fetch("/api/auth/list-sessions")).json();
    // The sign-up browser's 7-day session and the laptop's remain; the one-day session is gone.
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.token)).toContain(await tokenOf(laptop));
  });
});

describe("POST /api/auth/revoke-session", () => {
  it("revokes one of the user's other sessions and leaves the current one", async () => {
    const { client: laptop, email, password } = await signedInUser(server);
    const phone = await anotherBrowser(server, email, password);

    const response = await laptop.post("/api/auth/revoke-session", { token: await tokenOf(phone) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });

    expect(await liveSession(phone)).toBeNull();
    expect(await liveSession(laptop)).not.toBeNull();
    const sessions: unknown[] = await (await laptop.fetch("/api/auth/list-sessions")).json();
    expect(sessions).toHaveLength(1);
  });

  it("cannot revoke another user's session", async () => {
    const alice = await signedInUser(server);
    const bob = await signedInUser(server);
    const aliceToken = await tokenOf(alice.client);

    await bob.client.post("/api/auth/revoke-session", { token: aliceToken });

    expect((await liveSession(alice.client))?.session.token).toBe(aliceToken);
    const sessions: { token: string }[] = await (await alice.client.fetch("/api/auth/list-sessions")).json();
    expect(sessions.map((s) => s.token)).toContain(aliceToken);
  });

  it("answers 401 without a session", async () => {
    const alice = await signedInUser(server);
    const response = await server.client().post("/api/auth/revoke-session", { token: await tokenOf(alice.client) });
    expect(response.status).toBe(401);
    expect(await liveSession(alice.client)).not.toBeNull();
  });
});

describe("POST /api/auth/revoke-sessions", () => {
  it("signs the user out everywhere, including the current browser", async () => {
    const { client: laptop, email, password } = await signedInUser(server);
    const phone = await anotherBrowser(server, email, password);
    const bystander = await signedInUser(server);

    const response = await laptop.post("/api/auth/revoke-sessions", {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });

    expect(await liveSession(laptop)).toBeNull();
    expect(await liveSession(phone)).toBeNull();
    expect(await liveSession(bystander.client)).not.toBeNull();
  });
});

describe("POST /api/auth/revoke-other-sessions", () => {
  it("signs the user out of every other browser and keeps the current one", async () => {
    const { client: laptop, email, password } = await signedInUser(server);
    const phone = await anotherBrowser(server, email, password);
    const tablet = await anotherBrowser(server, email, password);
    const laptopToken = await tokenOf(laptop);

    const response = await laptop.post("/api/auth/revoke-other-sessions", {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });

    expect(await liveSession(phone)).toBeNull();
    expect(await liveSession(tablet)).toBeNull();
    expect((await liveSession(laptop))?.session.token).toBe(laptopToken);
    const sessions: { token: string }[] = await (await laptop.fetch("/api/auth/list-sessions")).json();
    expect(sessions.map((s) => s.token)).toEqual([laptopToken]);
  });
});
