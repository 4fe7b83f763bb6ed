import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { type BrowserClient, liveSession } from "../support/auth-client.ts";
import { freezeDate, SECOND } from "../support/fixtures.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";
import {
  codeAt,
  codeFor,
  enableTwoFactor as enable,
  STEP,
  userWithTwoFactor as userWithTwoFactorOn,
  verifyTotp,
} from "../support/two-factor.ts";

/**
 * A code from the authenticator app works once (RFC 6238 §5.2; better-auth 1.7.7 would take it
 * again within its ~90 s window). The rest of two-factor is in two-factor.int.test.ts.
 */
const server = useTestServer();

const userWithTwoFactor = () => userWithTwoFactorOn(server);

const currentUser = async (browser: BrowserClient) => (await liveSession(browser))?.user ?? null;

/** The password step of signing in, in a new browser. */
async function passwordStep(email: string, password: string) {
  const browser = server.client();
  expect((await browser.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
  return browser;
}

describe("POST /two-factor/verify-totp: a code from the app works once", () => {
  const INVALID_CODE = { code: "INVALID_CODE", message: "Invalid code" };
  const usedCodeRows = (userId: string) =>
    server.deps.db.selectFrom("verification").selectAll().where("value", "=", userId).where("identifier", "like", "totp-used:%").execute();

  /** A user with two-factor on, and Date frozen at the start of a 30 s step well after set-up. */
  async function userAtStepStart() {
    const start = freezeDate();
    const user = await userWithTwoFactor();
    const t = (Math.floor(start / STEP) + 10) * STEP;
    vi.setSystemTime(t);
    return { ...user, t };
  }

  it("refuses the code that just signed in to a second pending sign-in: 401 'Invalid code'; the next code works", async () => {
    const { email, password, secret, userId, t } = await userAtStepStart();
    const code = await codeAt(secret, t);
    const mine = await passwordStep(email, password);
    expect((await verifyTotp(mine, code)).status).toBe(200);

    // Someone with the password who saw the code, from another browser, within its validity.
    vi.setSystemTime(t + 20 * SECOND);
    const thief = await passwordStep(email, password);
    const replay = await verifyTotp(thief, code);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual(INVALID_CODE);
    expect(await currentUser(thief)).toBeNull();

    // The refusal does not end the pending sign-in: the app's next code signs in.
    expect((await verifyTotp(thief, await codeAt(secret, t + STEP))).status).toBe(200);
    expect(await currentUser(thief)).toMatchObject({ id: userId });
  });

  it("refuses the code that finished turning two-factor on to a sign-in", async () => {
    freezeDate();
    const { client, email, password } = await signedInUser(server);
    const { secret } = await enable(client, password);
    const code = await codeAt(secret, Date.now());
    expect((await verifyTotp(client, code)).status).toBe(200);

    const browser = await passwordStep(email, password);
    const replay = await verifyTotp(browser, code);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual(INVALID_CODE);
    expect(await currentUser(browser)).toBeNull();
  });

  it("keeps a used code for the 90 s the server would accept it, and no longer", async () => {
    const { email, password, secret, userId, t } = await userAtStepStart();
    // From a phone whose clock runs 30 s ahead: accepted from now to the end of the step after next.
    const ahead = await codeAt(secret, t + STEP);
    const browser = await passwordStep(email, password);
    expect((await verifyTotp(browser, ahead)).status).toBe(200);

    vi.setSystemTime(t + 90 * SECOND - 1);
    const late = await passwordStep(email, password);
    expect((await verifyTotp(late, ahead)).status).toBe(401);
    expect(await currentUser(late)).toBeNull();

    // Now the code is past its window anyway, and its record has expired with it.
    vi.setSystemTime(t + 90 * SECOND);
    const rows = await usedCodeRows(userId);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(new Date(row.expiresAt).getTime()).toBeLessThanOrEqual(Date.now());
    const tooLate = await verifyTotp(late, ahead);
    expect(tooLate.status).toBe(401);
    expect(await tooLate.json()).toEqual(INVALID_CODE);
  });

  it("lets only one of several simultaneous submissions of one code sign in", async () => {
    const { email, password, secret } = await userWithTwoFactor();
    const code = await codeFor(secret);
    const browsers = await Promise.all(Array.from({ length: 6 }, () => passwordStep(email, password)));
    const answers = await Promise.all(browsers.map((browser) => verifyTotp(browser, code)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    const signedIn = await Promise.all(browsers.map(currentUser));
    expect(signedIn.filter(Boolean)).toHaveLength(1);
  });

  it("does not count a replayed code as a wrong guess: the pending sign-in survives 5 of them", async () => {
    const { email, password, secret, t } = await userAtStepStart();
    const code = await codeAt(secret, t);
    expect((await verifyTotp(await passwordStep(email, password), code)).status).toBe(200);

    const browser = await passwordStep(email, password);
    for (let i = 0; i < 5; i++) expect((await verifyTotp(browser, code)).status).toBe(401);
    expect((await verifyTotp(browser, await codeAt(secret, t + STEP))).status).toBe(200);
  });

  it("does not use up a code the server refused: one sent before its time works once it is due", async () => {
    const { email, password, secret, t } = await userAtStepStart();
    const browser = await passwordStep(email, password);
    const early = await codeAt(secret, t + 2 * STEP);
    const refused = await verifyTotp(browser, early);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(INVALID_CODE);

    vi.setSystemTime(t + STEP);
    expect((await verifyTotp(browser, early)).status).toBe(200);
  });

  it("is not blocked by the record of a use more than 90 s ago that is still stored", async () => {
    freezeDate();
    const { client, password, userId } = await signedInUser(server);
    const { secret } = await enable(client, password);
    const code = await codeAt(secret, Date.now());
    // The record an earlier use of the same six digits left, expired but not yet swept away.
    const { internalAdapter } = await server.deps.auth.$context;
    const identifier = `totp-used:${createHash("sha256").update(`${userId}:${code}`).digest("hex")}`;
    const stale = { identifier, value: userId, expiresAt: new Date(Date.now() - SECOND) };
    expect(await internalAdapter.reserveVerificationValue(stale)).toBe(true);

    expect((await verifyTotp(client, code)).status).toBe(200);
    expect((await currentUser(client))?.twoFactorEnabled).toBe(true);
  });
});
