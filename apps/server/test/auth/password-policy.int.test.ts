import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/fixtures.ts";
import { linkIn } from "../support/smtp-inbox.ts";
import { signedInUser, startTestServer, userByEmail, useTestServer } from "../support/test-server.ts";

const server = useTestServer();

const TOO_COMMON = {
  status: 400,
  code: "PASSWORD_TOO_COMMON",
  message: "This password is one of the most common ones and easy to guess. Please choose another.",
};
/** Within the 10,000 most common (ranks 228 and 6,576; see password-policy.test.ts), and an upper-case variant. */
const COMMON = ["password1", "iloveyou1", "PassWord1"];
const STRONG = "a brand new passphrase";

const signInStatus = async (email: string, password: string) =>
  (await server.client().post("/api/auth/sign-in/email", { email, password })).status;

describe("POST /api/auth/sign-up/email", () => {
  it.each(COMMON)("refuses %j with 400 and a message saying why, and creates no account", async (password) => {
    const email = uniqueEmail("common");
    const { error } = await server.client().auth.signUp.email({ email, password, name: "C" });
    expect(error).toMatchObject(TOO_COMMON);
    expect(await userByEmail(server, email)).toBeUndefined();
  });

  it("accepts a password that is not on the list", async () => {
    const email = uniqueEmail("strong");
    const { error } = await server.client().auth.signUp.email({ email, password: STRONG, name: "S" });
    expect(error).toBeNull();
    expect(await userByEmail(server, email)).toBeTruthy();
  });

  it("checks the length first: a short common password is 'Password too short'", async () => {
    // "1234567" is 9th on the list, and one character short of the minimum.
    const { error } = await server.client().auth.signUp.email({ email: uniqueEmail("short"), password: "1234567", name: "S" });
    expect(error).toMatchObject({ status: 400, message: "Password too short" });
  });
});

describe("POST /api/auth/change-password", () => {
  it.each(COMMON)("refuses %j and keeps the current password", async (newPassword) => {
    const { client, email, password } = await signedInUser(server);
    const response = await client.post("/api/auth/change-password", { currentPassword: password, newPassword });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: TOO_COMMON.code, message: TOO_COMMON.message });
    expect(await signInStatus(email, password)).toBe(200);
    expect(await signInStatus(email, newPassword)).toBe(401);
  });

  it("accepts a password that is not on the list", async () => {
    const { client, email, password } = await signedInUser(server);
    const response = await client.post("/api/auth/change-password", { currentPassword: password, newPassword: STRONG });
    expect(response.status).toBe(200);
    expect(await signInStatus(email, STRONG)).toBe(200);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("refuses a common password, and the same link then sets a strong one", async () => {
    const { email, password } = await signedInUser(server);
    await server.client().post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    await server.drainJobs();
    const token = new URL(linkIn(server.inbox.to(email).at(-1))).pathname.split("/").at(-1);

    for (const newPassword of COMMON) {
      const refused = await server.client().post("/api/auth/reset-password", { newPassword, token });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: TOO_COMMON.code, message: TOO_COMMON.message });
    }
    expect(await signInStatus(email, password)).toBe(200);

    const accepted = await server.client().post("/api/auth/reset-password", { newPassword: STRONG, token });
    expect(accepted.status).toBe(200);
    expect(await signInStatus(email, STRONG)).toBe(200);
  });
});

describe("REJECT_COMMON_PASSWORDS=false", () => {
  it("lets common passwords through on sign-up and change-password", async () => {
    const lax = await startTestServer({ REJECT_COMMON_PASSWORDS: "false" });
    try {
      const { error } = await lax.client().auth.signUp.email({ email: uniqueEmail("lax"), password: "password1", name: "L" });
      expect(error).toBeNull();
      const { client, password } = await signedInUser(lax);
      const response = await client.post("/api/auth/change-password", { currentPassword: password, newPassword: "iloveyou1" });
      expect(response.status).toBe(200);
    } finally {
      await lax.stop();
    }
  });
});
