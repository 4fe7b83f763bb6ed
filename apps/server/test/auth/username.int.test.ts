import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/fixtures.ts";
import { linkIn } from "../support/smtp-inbox.ts";
import { signedInUser, startTestServer, userByEmail, useTestServer } from "../support/test-server.ts";

const server = useTestServer();

/** A username no other test uses; `tag` keeps failures readable. Letters and digits only. */
const uniqueUsername = (tag: string) => `${tag}${randomBytes(3).toString("hex")}`;

/** Signs up with a username and follows the verification mail, as a person would. */
const verifiedUserWithUsername = (username: string) => signedInUser(server, { username, name: "Named User" });

describe("POST /api/auth/sign-up/email with a username", () => {
  it("stores the username in lowercase and shows it as typed as the display username", async () => {
    const typed = `Ada.Love_${randomBytes(2).toString("hex")}`;
    const email = uniqueEmail("ada");
    const { data, error } = await server.client().auth.signUp.email({ email, password: "analytical engine", name: "Ada", username: typed });
    expect(error).toBeNull();
    expect(data?.user).toMatchObject({ username: typed.toLowerCase(), displayUsername: typed });
    expect(await userByEmail(server, email)).toMatchObject({ username: typed.toLowerCase(), displayUsername: typed });
  });

  it("keeps a display username given alongside the username", async () => {
    const email = uniqueEmail("display");
    const username = uniqueUsername("grace");
    const { error } = await server
      .client()
      .auth.signUp.email({ email, password: "analytical engine", name: "Grace", username, displayUsername: "Amazing Grace" });
    expect(error).toBeNull();
    expect(await userByEmail(server, email)).toMatchObject({ username, displayUsername: "Amazing Grace" });
  });

  it("refuses a username someone already has, in any letter case, with 422, and creates no account", async () => {
    const username = uniqueUsername("taken");
    await verifiedUserWithUsername(username);
    const email = uniqueEmail("second");
    const { error } = await server
      .client()
      .auth.signUp.email({ email, password: "analytical engine", name: "Second", username: username.toUpperCase() });
    expect(error).toMatchObject({
      status: 422,
      code: "USERNAME_IS_ALREADY_TAKEN",
      message: "Username is already taken. Please try another.",
    });
    expect(await userByEmail(server, email)).toBeUndefined();
  });

  it.each([
    ["ab", "USERNAME_TOO_SHORT", "Username is too short"],
    ["a".repeat(31), "USERNAME_TOO_LONG", "Username is too long"],
    ["ada lovelace", "INVALID_USERNAME", "Username is invalid"],
    ["ada-lovelace", "INVALID_USERNAME", "Username is invalid"],
    ["adä", "INVALID_USERNAME", "Username is invalid"],
  ])("refuses %j with 422 %s and creates no account", async (username, code, message) => {
    const email = uniqueEmail("bad-name");
    const { error } = await server.client().auth.signUp.email({ email, password: "analytical engine", name: "Bad", username });
    expect(error).toMatchObject({ status: 422, code, message });
    expect(await userByEmail(server, email)).toBeUndefined();
  });

  it("accepts exactly 3 and exactly 30 characters of letters, digits, underscore and dot", async () => {
    for (const username of ["a_1", `Z.9_${"x".repeat(26)}`]) {
      const { error } = await server
        .client()
        .auth.signUp.email({ email: uniqueEmail("edge"), password: "analytical engine", name: "Edge", username });
      expect(error).toBeNull();
    }
  });
});

describe("POST /api/auth/update-user with a username", () => {
  it("changes the username, stored in lowercase, and the new one signs in", async () => {
    const { client, password } = await verifiedUserWithUsername(uniqueUsername("before"));
    const next = uniqueUsername("After");
    const response = await client.post("/api/auth/update-user", { username: next });
    expect(response.status).toBe(200);
    const { data } = await client.auth.getSession({ query: { disableCookieCache: true } });
    expect(data?.user).toMatchObject({ username: next.toLowerCase() });
    const signIn = await server.client().auth.signIn.username({ username: next, password });
    expect(signIn.error).toBeNull();
  });

  it("lets a person keep their own username in another letter case", async () => {
    const username = uniqueUsername("mine");
    const { client } = await verifiedUserWithUsername(username);
    const response = await client.post("/api/auth/update-user", { username: username.toUpperCase() });
    expect(response.status).toBe(200);
  });

  it("refuses another person's username, in any letter case, with 422 and keeps the old one", async () => {
    const theirs = uniqueUsername("theirs");
    await verifiedUserWithUsername(theirs);
    const mine = uniqueUsername("mine");
    const { client, email } = await verifiedUserWithUsername(mine);
    const response = await client.post("/api/auth/update-user", { username: theirs.toUpperCase() });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      code: "USERNAME_IS_ALREADY_TAKEN",
      message: "Username is already taken. Please try another.",
    });
    expect(await userByEmail(server, email)).toMatchObject({ username: mine });
  });

  it.each([
    ["ab", "USERNAME_TOO_SHORT"],
    ["b".repeat(31), "USERNAME_TOO_LONG"],
    ["no/slashes", "INVALID_USERNAME"],
  ])("refuses %j with 422 %s", async (username, code) => {
    const { client } = await signedInUser(server);
    const response = await client.post("/api/auth/update-user", { username });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code });
  });
});

describe("POST /api/auth/sign-in/username", () => {
  it("signs in with the username in any letter case and answers the token and the user", async () => {
    const username = uniqueUsername("signin");
    const { email, password } = await verifiedUserWithUsername(username);
    const browser = server.client();
    const response = await browser.post("/api/auth/sign-in/username", { username: username.toUpperCase(), password });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(typeof body.token).toBe("string");
    expect(body.user).toMatchObject({ email, emailVerified: true, username, name: "Named User" });
    expect(Object.keys(body.user)).toEqual(expect.arrayContaining(["id", "image", "createdAt", "updatedAt"]));
    const { data } = await browser.auth.getSession();
    expect(data?.user.email).toBe(email);
  });

  it("answers 401 'Invalid username or password' alike for a wrong password and an unknown username", async () => {
    const username = uniqueUsername("guarded");
    await verifiedUserWithUsername(username);
    const wrong = await server.client().auth.signIn.username({ username, password: "not the password" });
    const unknown = await server.client().auth.signIn.username({ username: uniqueUsername("nobody"), password: "not the password" });
    for (const { error } of [wrong, unknown]) {
      expect(error).toMatchObject({ status: 401, code: "INVALID_USERNAME_OR_PASSWORD", message: "Invalid username or password" });
    }
  });

  it("answers 403 'Email not verified' for an unverified address and mails the verification link again", async () => {
    const username = uniqueUsername("unverified");
    const email = uniqueEmail("unverified");
    await server.client().auth.signUp.email({ email, password: "analytical engine", name: "Late", username });
    await server.drainJobs();
    const before = server.inbox.to(email).length;
    const browser = server.client();
    const { error } = await browser.auth.signIn.username({ username, password: "analytical engine" });
    expect(error).toMatchObject({ status: 403, message: "Email not verified" });
    await server.drainJobs();
    const mails = server.inbox.to(email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)?.subject).toBe("Verify your email address");
    expect(browser.cookies.size).toBe(0);
    // The new link works.
    expect((await browser.fetch(linkIn(mails.at(-1)))).status).toBe(302);
    expect((await browser.auth.getSession()).data?.user.emailVerified).toBe(true);
  });

  it("sets a persistent cookie by default and a browser-session cookie when rememberMe is false", async () => {
    const username = uniqueUsername("remember");
    const { password } = await verifiedUserWithUsername(username);
    const remember = await server.client().post("/api/auth/sign-in/username", { username, password });
    const forget = await server.client().post("/api/auth/sign-in/username", { username, password, rememberMe: false });
    const sessionCookie = (r: Response) => r.headers.getSetCookie().find((c) => c.includes("session_token=")) ?? "";
    expect(sessionCookie(remember)).toMatch(/Max-Age=\d+/i);
    expect(sessionCookie(forget)).toMatch(/session_token=\w/);
    expect(sessionCookie(forget)).not.toMatch(/Max-Age|Expires/i);
  });

  it("refuses an untrusted callbackURL with 403 and signs nobody in", async () => {
    const username = uniqueUsername("callback");
    const { password } = await verifiedUserWithUsername(username);
    const browser = server.client();
    const response = await browser.post("/api/auth/sign-in/username", { username, password, callbackURL: "https://evil.example.com/" });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: "Invalid callbackURL" });
    expect(browser.cookies.size).toBe(0);
  });

  it("answers 422 for a name that cannot be a username, without looking anyone up", async () => {
    const response = await server.client().post("/api/auth/sign-in/username", { username: "x", password: "whatever1" });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: "USERNAME_TOO_SHORT", message: "Username is too short" });
  });
});

describe("POST /api/auth/is-username-available", () => {
  it("says a free name is available and a taken one, in any letter case, is not", async () => {
    const taken = uniqueUsername("Avail");
    await verifiedUserWithUsername(taken);
    const browser = server.client();
    expect((await browser.auth.isUsernameAvailable({ username: uniqueUsername("free") })).data).toEqual({ available: true });
    expect((await browser.auth.isUsernameAvailable({ username: taken.toUpperCase() })).data).toEqual({ available: false });
    expect((await browser.auth.isUsernameAvailable({ username: taken.toLowerCase() })).data).toEqual({ available: false });
  });

  it.each([
    ["ab", "USERNAME_TOO_SHORT", "Username is too short"],
    ["c".repeat(31), "USERNAME_TOO_LONG", "Username is too long"],
    ["with space", "INVALID_USERNAME", "Username is invalid"],
  ])("answers 422 for %j, so the form can say why", async (username, code, message) => {
    const response = await server.client().post("/api/auth/is-username-available", { username });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code, message });
  });
});

describe("USERNAME_MIN_LENGTH=5, USERNAME_MAX_LENGTH=8", () => {
  it("applies the configured lengths on sign-up, availability and sign-in, and tells the web app", async () => {
    const narrow = await startTestServer({ USERNAME_MIN_LENGTH: "5", USERNAME_MAX_LENGTH: "8" });
    try {
      const signUp = (username: string) =>
        narrow.client().auth.signUp.email({ email: uniqueEmail("narrow"), password: "analytical engine", name: "N", username });
      expect((await signUp("abcd")).error).toMatchObject({ status: 422, code: "USERNAME_TOO_SHORT" });
      expect((await signUp("abcdefghi")).error).toMatchObject({ status: 422, code: "USERNAME_TOO_LONG" });
      expect((await signUp("abcde")).error).toBeNull();
      expect((await signUp("abcdefgh")).error).toBeNull();

      const available = await narrow.client().post("/api/auth/is-username-available", { username: "abc" });
      expect(available.status).toBe(422);
      const signIn = await narrow.client().post("/api/auth/sign-in/username", { username: "abcdefghi", password: "whatever1" });
      expect(signIn.status).toBe(422);

      const methods = await (await narrow.client().fetch("/api/auth/sign-in-methods")).json();
      expect(methods.usernameRules).toEqual({ minLength: 5, maxLength: 8 });
    } finally {
      await narrow.stop();
    }
  });
});

describe("rate limiting of /sign-in/username (RATE_LIMIT_SENSITIVE_MAX=4)", () => {
  // 4, not better-auth's built-in 3, so the test shows our "/sign-in/*" rule is the one applied.
  it("answers the 5th attempt within 10 s with 429, like the other sign-ins", async () => {
    const limited = await startTestServer({ RATE_LIMIT_SENSITIVE_MAX: "4" });
    try {
      const browser = limited.client();
      const attempt = () => browser.post("/api/auth/sign-in/username", { username: "victim", password: "guess guess" });
      for (let i = 0; i < 4; i++) expect((await attempt()).status).toBe(401);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("x-retry-after"))).toBeGreaterThan(0);
    } finally {
      await limited.stop();
    }
  });
});
