import { describe, expect, it, vi } from "vitest";
import { liveSession } from "../support/auth-client.ts";
import { freezeDate, SECOND, uniqueEmail } from "../support/fixtures.ts";
import { linkIn } from "../support/smtp-inbox.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";

const RESET_SUBJECT = "Reset your password";
const NEW_PASSWORD = "a brand new passphrase";

const server = useTestServer();

/** Asks for a reset mail and returns the link it carries. */
async function requestReset(email: string, redirectTo = "/reset-password"): Promise<string> {
  const response = await server.client().post("/api/auth/request-password-reset", { email, redirectTo });
  if (response.status !== 200) throw new Error(`reset request failed: ${response.status}`);
  await server.drainJobs();
  const mail = server.inbox.to(email).at(-1);
  expect(mail?.subject).toBe(RESET_SUBJECT);
  return linkIn(mail);
}

/** The token in a reset link: /api/auth/reset-password/{token}?callbackURL=… */
function tokenIn(link: string): string {
  const token = new URL(link).pathname.split("/").at(-1);
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

async function signInStatus(email: string, password: string): Promise<number> {
  const response = await server.client().post("/api/auth/sign-in/email", { email, password });
  return response.status;
}

describe.each(["/api/auth/request-password-reset", "/api/auth/forget-password"])("POST %s", (path) => {
  it("answers status true and mails a reset link to a known address", async () => {
    const { email } = await signedInUser(server);
    const before = server.inbox.to(email).length;

    const response = await server.client().post(path, { email, redirectTo: "/reset-password" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: true });

    await server.drainJobs();
    const mails = server.inbox.to(email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toBe(RESET_SUBJECT);
    expect(linkIn(mails.at(-1))).toMatch(
      new RegExp(`^${server.url.replace(/\./g, "\\.")}/api/auth/reset-password/[A-Za-z0-9]{24}\\?callbackURL=%2Freset-password$`),
    );
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const email = uniqueEmail("ghost");
    const response = await server.client().post(path, { email, redirectTo: "/reset-password" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: true });
    await server.drainJobs();
    expect(server.inbox.to(email)).toHaveLength(0);
  });

  it("refuses an untrusted redirectTo with 403 and sends nothing", async () => {
    const { email } = await signedInUser(server);
    const before = server.inbox.to(email).length;
    const response = await server.client().post(path, { email, redirectTo: "https://evil.example/reset" });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: "Invalid redirectURL" });
    await server.drainJobs();
    expect(server.inbox.to(email)).toHaveLength(before);
  });
});

describe("GET /api/auth/reset-password/{token}", () => {
  it("redirects to the callbackURL with the token", async () => {
    const { email } = await signedInUser(server);
    const link = await requestReset(email, "/reset-password");
    const response = await server.client().fetch(link);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.origin).toBe(server.url);
    expect(location.pathname).toBe("/reset-password");
    expect(location.searchParams.get("token")).toBe(tokenIn(link));
  });

  it("redirects an unknown token with ?error=INVALID_TOKEN", async () => {
    const response = await server.client().fetch("/api/auth/reset-password/not-a-token?callbackURL=%2Freset-password");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.pathname).toBe("/reset-password");
    expect(location.searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(location.searchParams.has("token")).toBe(false);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password, retires the old one and signs the user out everywhere", async () => {
    const { client: laptop, email, password } = await signedInUser(server);
    const phone = server.client();
    await phone.auth.signIn.email({ email, password });
    expect(await liveSession(phone)).not.toBeNull();

    const token = tokenIn(await requestReset(email));
    const response = await server.client().post("/api/auth/reset-password", { newPassword: NEW_PASSWORD, token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });

    expect(await signInStatus(email, password)).toBe(401);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
    expect(await liveSession(laptop)).toBeNull();
    expect(await liveSession(phone)).toBeNull();
  });

  it("accepts the token in the query string", async () => {
    const { email } = await signedInUser(server);
    const token = tokenIn(await requestReset(email));
    const response = await server.client().post(`/api/auth/reset-password?token=${token}`, { newPassword: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it("refuses to use a token twice", async () => {
    const { email } = await signedInUser(server);
    const link = await requestReset(email);
    const token = tokenIn(link);
    expect((await server.client().post("/api/auth/reset-password", { newPassword: NEW_PASSWORD, token })).status).toBe(200);

    const again = await server.client().post("/api/auth/reset-password", { newPassword: "yet another passphrase", token });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ message: "Invalid token" });
    expect(await signInStatus(email, "yet another passphrase")).toBe(401);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);

    // The mailed link no longer leads to the form either.
    const followed = await server.client().fetch(link);
    expect(followed.status).toBe(302);
    const location = new URL(followed.headers.get("location") ?? "");
    expect(location.searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(location.searchParams.has("token")).toBe(false);
  });

  it("refuses a token older than 3600 s", async () => {
    const start = freezeDate();
    const { email, password } = await signedInUser(server);
    const link = await requestReset(email);

    vi.setSystemTime(start + 3590 * SECOND);
    const stillValid = new URL((await server.client().fetch(link)).headers.get("location") ?? "");
    expect(stillValid.searchParams.get("token")).toBe(tokenIn(link));

    vi.setSystemTime(start + 3601 * SECOND);
    const followed = await server.client().fetch(link);
    expect(followed.status).toBe(302);
    const location = new URL(followed.headers.get("location") ?? "");
    expect(location.pathname).toBe("/reset-password");
    expect(location.searchParams.get("error")).toBe("INVALID_TOKEN");

    const response = await server.client().post("/api/auth/reset-password", { newPassword: NEW_PASSWORD, token: tokenIn(link) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Invalid token" });
    expect(await signInStatus(email, password)).toBe(200);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(401);
  });

  it("refuses a too-short password and keeps the token usable", async () => {
    const { email, password } = await signedInUser(server);
    const token = tokenIn(await requestReset(email));

    const short = await server.client().post("/api/auth/reset-password", { newPassword: "1234567", token });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ message: "Password too short" });
    expect(await signInStatus(email, password)).toBe(200);

    const retry = await server.client().post("/api/auth/reset-password", { newPassword: NEW_PASSWORD, token });
    expect(retry.status).toBe(200);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it("answers 400 'Invalid token' to an unknown token", async () => {
    const response = await server.client().post("/api/auth/reset-password", { newPassword: NEW_PASSWORD, token: "x".repeat(24) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Invalid token" });
  });
});
