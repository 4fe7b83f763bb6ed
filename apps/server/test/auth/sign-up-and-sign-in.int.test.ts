import { describe, expect, it } from "vitest";
import { linkIn } from "../support/smtp-inbox.ts";
import { signedInUser, startTestServer, useTestServer } from "../support/test-server.ts";

const server = useTestServer();

describe("POST /api/auth/sign-up/email", () => {
  it("creates an unverified user and mails a verification link that signs them in", async () => {
    const browser = server.client();
    const { data, error } = await browser.auth.signUp.email({ email: "Ada@Example.com", password: "analytical engine", name: "Ada" });
    expect(error).toBeNull();
    expect(data?.user).toMatchObject({ email: "ada@example.com", emailVerified: false, name: "Ada" });
    expect(data?.token).toBeNull();

    await server.drainJobs();
    const [mail] = server.inbox.to("ada@example.com");
    expect(mail?.subject).toBe("Verify your email address");
    const response = await browser.fetch(linkIn(mail));
    expect(response.status).toBe(302);

    const session = await browser.auth.getSession();
    expect(session.data?.user).toMatchObject({ email: "ada@example.com", emailVerified: true });
  });

  it("answers a duplicate sign-up like a new one and warns the owner by mail, so emails cannot be enumerated", async () => {
    const browser = server.client();
    const first = await browser.auth.signUp.email({ email: "dup@example.com", password: "first password", name: "One" });
    const second = await browser.auth.signUp.email({ email: "DUP@example.com", password: "second password", name: "Two" });
    expect(second.error).toBeNull();
    expect(second.data?.user.id).not.toBe(first.data?.user.id);
    await server.drainJobs();
    // Jobs in one batch are delivered concurrently, so compare without order.
    expect(
      server.inbox
        .to("dup@example.com")
        .map((m) => m.subject)
        .sort(),
    ).toEqual(["Someone tried to sign up with your email", "Verify your email address"]);
    // The second password did not replace the first.
    const signIn = await server.client().auth.signIn.email({ email: "dup@example.com", password: "second password" });
    expect(signIn.error?.status).toBe(401);
  });

  it("refuses passwords shorter than 8 or longer than 128 characters", async () => {
    const browser = server.client();
    const short = await browser.auth.signUp.email({ email: "short@example.com", password: "1234567", name: "S" });
    expect(short.error).toMatchObject({ status: 400, message: "Password too short" });
    const long = await browser.auth.signUp.email({ email: "long@example.com", password: "x".repeat(129), name: "L" });
    expect(long.error).toMatchObject({ status: 400, message: "Password too long" });
  });

  it("refuses an invalid email", async () => {
    const { error } = await server.client().auth.signUp.email({ email: "not-an-email", password: "long enough", name: "N" });
    expect(error?.status).toBe(400);
  });
});

describe("POST /api/auth/sign-in/email", () => {
  it("answers the same for an unknown email and a wrong password", async () => {
    const browser = server.client();
    await browser.auth.signUp.email({ email: "known@example.com", password: "right password", name: "K" });
    const unknown = await browser.auth.signIn.email({ email: "nobody@example.com", password: "whatever1" });
    const wrong = await browser.auth.signIn.email({ email: "known@example.com", password: "wrong password" });
    expect(unknown.error).toMatchObject({ status: 401, message: "Invalid email or password" });
    expect(wrong.error).toMatchObject({ status: 401, message: "Invalid email or password" });
  });

  it("answers 403 for an unverified email and sends the verification again", async () => {
    const browser = server.client();
    await browser.auth.signUp.email({ email: "late@example.com", password: "right password", name: "L" });
    await server.drainJobs();
    const before = server.inbox.to("late@example.com").length;
    const { error } = await browser.auth.signIn.email({ email: "late@example.com", password: "right password" });
    expect(error).toMatchObject({ status: 403, message: "Email not verified" });
    await server.drainJobs();
    expect(server.inbox.to("late@example.com").length).toBe(before + 1);
  });

  it("sets a persistent cookie by default and a browser-session cookie when rememberMe is false", async () => {
    const { email, password } = await signedInUser(server);
    const remember = await server.client().post("/api/auth/sign-in/email", { email, password });
    const forget = await server.client().post("/api/auth/sign-in/email", { email, password, rememberMe: false });
    const sessionCookie = (r: Response) => r.headers.getSetCookie().find((c) => c.includes("session_token=")) ?? "";
    expect(sessionCookie(remember)).toMatch(/Max-Age=\d+/i);
    expect(sessionCookie(forget)).not.toMatch(/Max-Age/i);
    const body = await remember.json();
    expect(body).toMatchObject({ redirect: false, user: { email, emailVerified: true } });
    expect(typeof body.token).toBe("string");
  });
});

describe("POST /api/auth/sign-out", () => {
  it("ends the session", async () => {
    const { client } = await signedInUser(server);
    expect((await client.auth.getSession()).data?.user).toBeTruthy();
    const { data } = await client.auth.signOut();
    expect(data).toEqual({ success: true });
    expect((await client.auth.getSession()).data).toBeNull();
  });
});

describe("sign-up without required verification", () => {
  it("answers 422 'User already exists' for a duplicate email", async () => {
    const open = await startTestServer({ REQUIRE_EMAIL_VERIFICATION: "false" });
    try {
      const browser = open.client();
      const first = await browser.auth.signUp.email({ email: "twice@example.com", password: "first password", name: "One" });
      expect(typeof first.data?.token).toBe("string");
      const { error } = await open.client().auth.signUp.email({ email: "twice@example.com", password: "second password", name: "Two" });
      expect(error).toMatchObject({ status: 422, code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" });
    } finally {
      await open.stop();
    }
  });
});
