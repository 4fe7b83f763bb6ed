import { describe, expect, it } from "vitest";
import { type BrowserClient, liveSession } from "../support/auth-client.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";

const NEW_PASSWORD = "a brand new passphrase";

const server = useTestServer();

/** The same user signed in from a second browser. */
async function secondBrowser(email: string, password: string): Promise<BrowserClient> {
  const browser = server.client();
  const { error } = await browser.auth.signIn.email({ email, password });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return browser;
}

async function signInStatus(email: string, password: string): Promise<number> {
  return (await server.client().post("/api/auth/sign-in/email", { email, password })).status;
}

describe("POST /api/auth/change-password", () => {
  it("refuses a wrong current password with 400 'Invalid password' and changes nothing", async () => {
    const { client, email, password } = await signedInUser(server);
    const response = await client.post("/api/auth/change-password", { currentPassword: "not my password", newPassword: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Invalid password" });
    expect(await signInStatus(email, password)).toBe(200);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(401);
  });

  it("changes the password and keeps other sessions when revokeOtherSessions is false", async () => {
    const { client: laptop, email, password, userId } = await signedInUser(server);
    const phone = await secondBrowser(email, password);
    const laptopToken = (await liveSession(laptop))?.session.token;

    const response = await laptop.post("/api/auth/change-password", {
      currentPassword: password,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: false,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.token ?? null).toBeNull();
    expect(body.user).toMatchObject({ id: userId, email });
    expect(body.user).not.toHaveProperty("password");

    expect(await signInStatus(email, password)).toBe(401);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
    expect((await liveSession(laptop))?.session.token).toBe(laptopToken);
    expect(await liveSession(phone)).not.toBeNull();
  });

  it("keeps other sessions when revokeOtherSessions is left out", async () => {
    const { client: laptop, email, password } = await signedInUser(server);
    const phone = await secondBrowser(email, password);
    const response = await laptop.post("/api/auth/change-password", { currentPassword: password, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect((await response.json()).token ?? null).toBeNull();
    expect(await liveSession(phone)).not.toBeNull();
  });

  it("with revokeOtherSessions signs every other browser out and hands this one a new session", async () => {
    const { client: laptop, email, password } = await signedInUser(server);
    const phone = await secondBrowser(email, password);
    const tablet = await secondBrowser(email, password);
    const oldLaptopToken = (await liveSession(laptop))?.session.token;
    // Warm the phone's cookie cache: the revocation must still show once the cache is bypassed.
    expect((await phone.auth.getSession()).data?.user.email).toBe(email);

    const response = await laptop.post("/api/auth/change-password", {
      currentPassword: password,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(typeof body.token).toBe("string");
    expect(body.token).not.toBe(oldLaptopToken);
    expect(body.user).toMatchObject({ email });

    expect(await liveSession(phone)).toBeNull();
    expect(await liveSession(tablet)).toBeNull();
    // The browser that made the change is still signed in, on the new session.
    expect((await liveSession(laptop))?.session.token).toBe(body.token);
    const sessions: { token: string }[] = await (await laptop.fetch("/api/auth/list-sessions")).json();
    expect(sessions.map((s) => s.token)).toEqual([body.token]);

    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
    expect(await signInStatus(email, password)).toBe(401);
  });

  it("refuses a too-short new password with 400 'Password too short'", async () => {
    const { client, email, password } = await signedInUser(server);
    const response = await client.post("/api/auth/change-password", { currentPassword: password, newPassword: "1234567" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Password too short" });
    expect(await signInStatus(email, password)).toBe(200);
  });

  it("answers 401 without a session", async () => {
    const { email, password } = await signedInUser(server);
    const response = await server.client().post("/api/auth/change-password", { currentPassword: password, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(401);
    expect(await signInStatus(email, password)).toBe(200);
  });

  it("answers 400 VALIDATION_ERROR when currentPassword is missing", async () => {
    const { client, email, password } = await signedInUser(server);
    const response = await client.post("/api/auth/change-password", { newPassword: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await signInStatus(email, password)).toBe(200);
  });
});
