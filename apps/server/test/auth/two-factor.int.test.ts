import { base32 } from "@better-auth/utils/base32";
import { describe, expect, it, vi } from "vitest";
import { type BrowserClient, liveSession } from "../support/auth-client.ts";
import { DAY, freezeDate, SECOND } from "../support/fixtures.ts";
import { SoftwareAuthenticator } from "../support/software-authenticator.ts";
import { signedInUser, type TestServer, useTestServer } from "../support/test-server.ts";
import {
  codeFor,
  enableTwoFactor as enable,
  STEP,
  userWithTwoFactor as userWithTwoFactorOn,
  verifyTotp,
  wrongCodeFor,
} from "../support/two-factor.ts";

const ISSUER = "Gatehouse 2FA Test";
const server = useTestServer({ TWO_FACTOR_ISSUER: ISSUER });

const MINUTE = 60 * SECOND;
const SESSION_COOKIE = "better-auth.session_token";
const TWO_FACTOR_COOKIE = "better-auth.two_factor";
const TRUST_DEVICE_COOKIE = "better-auth.trust_device";

const currentUser = async (browser: BrowserClient) => (await liveSession(browser))?.user ?? null;

const userWithTwoFactor = (on: TestServer = server) => userWithTwoFactorOn(on);

/** The password step of signing in, in the given browser (a new one by default). */
async function passwordStep(email: string, password: string, browser: BrowserClient = server.client()) {
  const response = await browser.post("/api/auth/sign-in/email", { email, password });
  expect(response.status).toBe(200);
  return { browser, body: await response.json() };
}

describe("POST /two-factor/enable", () => {
  it("returns an authenticator-app URI naming TWO_FACTOR_ISSUER and ten backup codes, but enables nothing yet", async () => {
    const { client, email, password } = await signedInUser(server);
    const { totpURI, backupCodes, secret } = await enable(client, password);
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe(`/${ISSUER}:${email}`);
    expect(uri.searchParams.get("issuer")).toBe(ISSUER);
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(secret.length).toBeGreaterThanOrEqual(20);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);

    // Until a code from the app is confirmed, sign-in still needs only the password.
    expect((await currentUser(client))?.twoFactorEnabled).toBe(false);
    const { body } = await passwordStep(email, password);
    expect(body.twoFactorRedirect).toBeUndefined();
  });

  it("refuses a wrong password with 400 'Invalid password'", async () => {
    const { client } = await signedInUser(server);
    const response = await client.post("/api/auth/two-factor/enable", { password: "not my password" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "INVALID_PASSWORD", message: "Invalid password" });
  });

  it("refuses a visitor who is not signed in", async () => {
    expect((await server.client().post("/api/auth/two-factor/enable", { password: "whatever pass" })).status).toBe(401);
  });

  it("refuses to start again once enabled: 400 'TOTP is already enabled'", async () => {
    const { client, password } = await userWithTwoFactor();
    const response = await client.post("/api/auth/two-factor/enable", { password });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("TOTP_ALREADY_ENABLED");
  });
});

describe("POST /two-factor/verify-totp while enabling", () => {
  it("turns two-factor on once a code from the app is confirmed", async () => {
    const { client, password } = await signedInUser(server);
    const { secret } = await enable(client, password);
    const response = await verifyTotp(client, await codeFor(secret));
    expect(response.status).toBe(200);
    // (The answer's `user` is read before the update and still says false; the session has it.)
    expect((await currentUser(client))?.twoFactorEnabled).toBe(true);
  });

  it("refuses a wrong code with 401 'Invalid code' and leaves two-factor off", async () => {
    const { client, password } = await signedInUser(server);
    const { secret } = await enable(client, password);
    const response = await verifyTotp(client, await wrongCodeFor(secret));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: "INVALID_CODE", message: "Invalid code" });
    expect((await currentUser(client))?.twoFactorEnabled).toBe(false);
  });
});

describe("signing in with two-factor on", () => {
  it("asks for the code after the email and password, with no session until it is given", async () => {
    const { email, password, secret, userId } = await userWithTwoFactor();
    const { browser, body } = await passwordStep(email, password);
    expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(browser.cookies.has(TWO_FACTOR_COOKIE)).toBe(true);
    expect(await currentUser(browser)).toBeNull();

    const response = await verifyTotp(browser, await codeFor(secret));
    expect(response.status).toBe(200);
    expect((await response.json()).user).toMatchObject({ id: userId, email });
    expect(await currentUser(browser)).toMatchObject({ id: userId, twoFactorEnabled: true });
    // The pending step is used up.
    expect(browser.cookies.has(TWO_FACTOR_COOKIE)).toBe(false);
  });

  it("asks for the code after a username sign-in too", async () => {
    const { client, password, secret, userId } = await userWithTwoFactor();
    const username = `tf_${userId
      .slice(0, 8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "x")}`;
    expect((await client.auth.updateUser({ username })).error).toBeNull();

    const browser = server.client();
    const step = await browser.post("/api/auth/sign-in/username", { username, password });
    expect(step.status).toBe(200);
    expect(await step.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(await currentUser(browser)).toBeNull();
    expect((await verifyTotp(browser, await codeFor(secret))).status).toBe(200);
    expect(await currentUser(browser)).toMatchObject({ id: userId });
  });

  it("refuses a wrong code with 401 'Invalid code'; the right one still works afterwards", async () => {
    const { email, password, secret } = await userWithTwoFactor();
    const { browser } = await passwordStep(email, password);
    const wrong = await verifyTotp(browser, await wrongCodeFor(secret));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ code: "INVALID_CODE", message: "Invalid code" });
    expect(await currentUser(browser)).toBeNull();
    expect((await verifyTotp(browser, await codeFor(secret))).status).toBe(200);
  });

  it("refuses a code without the password step first: 401 'Invalid two factor cookie'", async () => {
    const { secret } = await userWithTwoFactor();
    const response = await verifyTotp(server.client(), await codeFor(secret));
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe("INVALID_TWO_FACTOR_COOKIE");
  });

  it("lets the code step lapse after 10 minutes; the person signs in again", async () => {
    const start = freezeDate();
    const { email, password, secret } = await userWithTwoFactor();
    const { browser: inTime } = await passwordStep(email, password);
    const { browser: late } = await passwordStep(email, password);

    vi.setSystemTime(start + 10 * MINUTE - SECOND);
    expect((await verifyTotp(inTime, await codeFor(secret))).status).toBe(200);
    vi.setSystemTime(start + 10 * MINUTE + SECOND);
    const expired = await verifyTotp(late, await codeFor(secret));
    expect(expired.status).toBe(401);
    expect((await expired.json()).code).toBe("INVALID_TWO_FACTOR_COOKIE");
    expect(await currentUser(late)).toBeNull();

    vi.setSystemTime(start + 10 * MINUTE + 31 * SECOND); // the next code from the app
    await passwordStep(email, password, late);
    expect((await verifyTotp(late, await codeFor(secret))).status).toBe(200);
  });
});

describe("trusted devices", () => {
  it("skips the code for 30 days on a browser trusted at sign-in; other browsers are still asked", async () => {
    const start = freezeDate();
    const { email, password, secret } = await userWithTwoFactor();
    const { browser: laptop } = await passwordStep(email, password);
    expect((await verifyTotp(laptop, await codeFor(secret), true)).status).toBe(200);
    expect(laptop.cookies.has(TRUST_DEVICE_COOKIE)).toBe(true);

    await laptop.auth.signOut();
    expect(await currentUser(laptop)).toBeNull();
    vi.setSystemTime(start + 29 * DAY);
    const again = await passwordStep(email, password, laptop);
    expect(again.body.twoFactorRedirect).toBeUndefined();
    expect(again.body.user.email).toBe(email);
    expect(await currentUser(laptop)).toMatchObject({ email });

    const { body: phone } = await passwordStep(email, password);
    expect(phone.twoFactorRedirect).toBe(true);

    // Each trusted sign-in renews the 30 days; a month without one and the code is asked again.
    vi.setSystemTime(start + 29 * DAY + 30 * DAY - MINUTE);
    expect((await passwordStep(email, password, laptop)).body.twoFactorRedirect).toBeUndefined();
    vi.setSystemTime(start + 29 * DAY + 30 * DAY + 31 * DAY);
    expect((await passwordStep(email, password, laptop)).body.twoFactorRedirect).toBe(true);
  });

  it("forgets every trusted browser when two-factor is turned off, not only the current one", async () => {
    const start = freezeDate();
    const { client, email, password, secret } = await userWithTwoFactor();
    const { browser: lostLaptop } = await passwordStep(email, password);
    expect((await verifyTotp(lostLaptop, await codeFor(secret), true)).status).toBe(200);
    vi.setSystemTime(start + STEP); // the next code from the app
    const { browser: desk } = await passwordStep(email, password);
    expect((await verifyTotp(desk, await codeFor(secret), true)).status).toBe(200);

    // From a third browser: off, then on again with a new app secret.
    expect((await client.post("/api/auth/two-factor/disable", { password })).status).toBe(200);
    const again = await enable(client, password);
    expect((await verifyTotp(client, await codeFor(again.secret))).status).toBe(200);

    expect((await passwordStep(email, password, lostLaptop)).body.twoFactorRedirect).toBe(true);
    expect((await passwordStep(email, password, desk)).body.twoFactorRedirect).toBe(true);
  });

  it("does not trust a browser for another account", async () => {
    const first = await userWithTwoFactor();
    const second = await userWithTwoFactor();
    const { browser } = await passwordStep(first.email, first.password);
    expect((await verifyTotp(browser, await codeFor(first.secret), true)).status).toBe(200);
    expect((await passwordStep(second.email, second.password, browser)).body.twoFactorRedirect).toBe(true);
  });
});

describe("backup codes", () => {
  it("sign a person in once each: reusing a code is refused with 401 'Invalid backup code'", async () => {
    const { email, password, backupCodes, userId } = await userWithTwoFactor();
    const [code] = backupCodes;
    const { browser } = await passwordStep(email, password);
    const used = await browser.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(used.status).toBe(200);
    expect(await currentUser(browser)).toMatchObject({ id: userId });

    const { browser: thief } = await passwordStep(email, password);
    const reused = await thief.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(reused.status).toBe(401);
    expect(await reused.json()).toEqual({ code: "INVALID_BACKUP_CODE", message: "Invalid backup code" });
    expect(await currentUser(thief)).toBeNull();
    // The other nine still work.
    expect((await thief.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[1] })).status).toBe(200);
  });

  it("are replaced by POST /two-factor/generate-backup-codes with the password", async () => {
    const { client, email, password, backupCodes } = await userWithTwoFactor();
    const refused = await client.post("/api/auth/two-factor/generate-backup-codes", { password: "not my password" });
    expect(refused.status).toBe(400);

    const response = await client.post("/api/auth/two-factor/generate-backup-codes", { password });
    expect(response.status).toBe(200);
    const fresh: string[] = (await response.json()).backupCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => backupCodes.includes(c))).toEqual([]);

    const { browser } = await passwordStep(email, password);
    expect((await browser.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] })).status).toBe(401);
    expect((await browser.post("/api/auth/two-factor/verify-backup-code", { code: fresh[0] })).status).toBe(200);
  });
});

describe("what is stored", () => {
  it("keeps the TOTP secret and the backup codes encrypted, never in plain text", async () => {
    const { userId, secret, backupCodes } = await userWithTwoFactor();
    const row = await server.deps.db.selectFrom("twoFactor").selectAll().where("userId", "=", userId).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret);
    expect(row.secret).not.toContain(base32.encode(secret, { padding: false }));
    for (const code of backupCodes) expect(row.backupCodes).not.toContain(code);
    expect(row.backupCodes).not.toContain("[");
    expect(Boolean(row.verified)).toBe(true);
  });
});

describe("brute force", () => {
  it("gives up a pending sign-in after 5 wrong codes: 400 'Too many attempts', even for the right code", async () => {
    const start = freezeDate();
    const { email, password, secret } = await userWithTwoFactor();
    const { browser } = await passwordStep(email, password);
    for (let i = 0; i < 5; i++) expect((await verifyTotp(browser, await wrongCodeFor(secret))).status).toBe(401);
    const blocked = await verifyTotp(browser, await codeFor(secret));
    expect(blocked.status).toBe(400);
    expect(await blocked.json()).toMatchObject({ code: "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" });
    expect(await currentUser(browser)).toBeNull();

    vi.setSystemTime(start + STEP); // the next code from the app
    await passwordStep(email, password, browser);
    expect((await verifyTotp(browser, await codeFor(secret))).status).toBe(200);
  });

  it("locks the account's second step for 15 minutes after 10 wrong codes in a row (429)", async () => {
    const start = freezeDate();
    const { email, password, secret, backupCodes } = await userWithTwoFactor();
    for (let round = 0; round < 2; round++) {
      const { browser } = await passwordStep(email, password);
      for (let i = 0; i < 5; i++) expect((await verifyTotp(browser, await wrongCodeFor(secret))).status).toBe(401);
    }
    // Any browser, any code kind, the right code: all refused while locked.
    const { browser } = await passwordStep(email, password);
    const locked = await verifyTotp(browser, await codeFor(secret));
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ code: "ACCOUNT_TEMPORARILY_LOCKED" });
    expect((await browser.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] })).status).toBe(429);
    expect(await currentUser(browser)).toBeNull();

    vi.setSystemTime(start + 15 * MINUTE + SECOND);
    const { browser: later } = await passwordStep(email, password);
    expect((await verifyTotp(later, await codeFor(secret))).status).toBe(200);
  });

  describe("with the production rate limit (RATE_LIMIT_SENSITIVE_MAX=3)", () => {
    const strict = useTestServer({ RATE_LIMIT_SENSITIVE_MAX: "3" });

    it("answers 429 to the 4th code within 10 seconds from one address", async () => {
      const start = freezeDate();
      const { email, password, secret } = await userWithTwoFactor(strict);
      // A new window, so the codes sent while enabling do not count.
      vi.setSystemTime(start + 11 * SECOND);
      const browser = strict.client();
      expect((await browser.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await verifyTotp(browser, await wrongCodeFor(secret))).status).toBe(401);
      const limited = await verifyTotp(browser, await codeFor(secret));
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("x-retry-after"))).toBeGreaterThan(0);
      // Backup codes are limited on their own path, just as strictly.
      for (let i = 0; i < 3; i++) await browser.post("/api/auth/two-factor/verify-backup-code", { code: "xxxxx-xxxxx" });
      expect((await browser.post("/api/auth/two-factor/verify-backup-code", { code: "xxxxx-xxxxx" })).status).toBe(429);
    });
  });
});

describe("POST /two-factor/disable", () => {
  it("turns two-factor off with the password; sign-in then needs the password only", async () => {
    const { client, email, password, userId } = await userWithTwoFactor();
    const refused = await client.post("/api/auth/two-factor/disable", { password: "not my password" });
    expect(refused.status).toBe(400);
    expect((await currentUser(client))?.twoFactorEnabled).toBe(true);

    const response = await client.post("/api/auth/two-factor/disable", { password });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });
    expect((await currentUser(client))?.twoFactorEnabled).toBe(false);
    const row = await server.deps.db.selectFrom("twoFactor").selectAll().where("userId", "=", userId).executeTakeFirst();
    expect(row).toBeUndefined();

    const { browser, body } = await passwordStep(email, password);
    expect(body.twoFactorRedirect).toBeUndefined();
    expect(await currentUser(browser)).toMatchObject({ id: userId });
  });
});

// Magic links and social/OIDC providers ask for the code too: two-factor-everywhere.int.test.ts.
describe("sign-in methods that do not ask for the code", () => {
  it("a passkey signs in directly: it already proves possession of a device and its unlock", async () => {
    const { client, userId } = await userWithTwoFactor();
    const key = new SoftwareAuthenticator({ origin: server.url });
    const options = await (await client.fetch("/api/auth/passkey/generate-register-options")).json();
    expect((await client.post("/api/auth/passkey/verify-registration", { response: key.register(options) })).status).toBe(200);

    const browser = server.client();
    const challenge = await (await browser.fetch("/api/auth/passkey/generate-authenticate-options")).json();
    const response = await browser.post("/api/auth/passkey/verify-authentication", { response: key.authenticate(challenge) });
    expect(response.status).toBe(200);
    expect(await currentUser(browser)).toMatchObject({ id: userId, twoFactorEnabled: true });
  });
});
