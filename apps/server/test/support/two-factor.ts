import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { expect } from "vitest";
import type { BrowserClient } from "./auth-client.ts";
import { SECOND } from "./fixtures.ts";
import { signedInUser, type TestServer } from "./test-server.ts";

/** The shared secret an authenticator app reads from the QR code. */
function secretOf(totpURI: string): string {
  const encoded = new URL(totpURI).searchParams.get("secret");
  if (!encoded) throw new Error(`no secret in ${totpURI}`);
  return new TextDecoder().decode(base32.decode(encoded));
}

/** One time step of the authenticator app (RFC 6238, 6 digits, 30 s). */
export const STEP = 30 * SECOND;

/** What the authenticator app shows at `time` (ms since the epoch). */
export const codeAt = (secret: string, time: number) => createOTP(secret).hotp(Math.floor(time / STEP));

/** The last time step `codeFor` handed out, per secret. */
const lastStepFor = new Map<string, number>();

/**
 * A code from the app that no earlier call handed out: the current one, else the next step's (the
 * server accepts it too, as from a phone whose clock runs a little ahead). A code works once, so a
 * third code within one 30 s step needs the clock moved on (fake Date, `vi.setSystemTime`).
 */
export async function codeFor(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / STEP);
  const step = Math.max(now, (lastStepFor.get(secret) ?? now - 1) + 1);
  if (step > now + 1) throw new Error("both codes the app can offer in this 30 s step are used: move the clock on");
  lastStepFor.set(secret, step);
  return createOTP(secret).hotp(step);
}

/** Six digits that the server does not accept now (none of the codes of the steps around now). */
export async function wrongCodeFor(secret: string): Promise<string> {
  const accepted = await Promise.all([-1, 0, 1].map((offset) => codeAt(secret, Date.now() + offset * STEP)));
  let wrong = (Number(accepted[1]) + 500_000) % 1_000_000;
  while (accepted.includes(String(wrong).padStart(6, "0"))) wrong = (wrong + 1) % 1_000_000;
  return String(wrong).padStart(6, "0");
}

/** The first half of turning two-factor on: the app secret and backup codes, nothing enabled yet. */
export async function enableTwoFactor(browser: BrowserClient, password: string) {
  const response = await browser.post("/api/auth/two-factor/enable", { password });
  expect(response.status).toBe(200);
  const body = await response.json();
  return { ...body, secret: secretOf(body.totpURI) } as { totpURI: string; backupCodes: string[]; secret: string };
}

/** A verified user who has finished turning on two-factor with an authenticator app. */
export async function userWithTwoFactor(on: TestServer, overrides: { email?: string } = {}) {
  const user = await signedInUser(on, overrides);
  const { secret, backupCodes } = await enableTwoFactor(user.client, user.password);
  const verified = await user.client.post("/api/auth/two-factor/verify-totp", { code: await codeFor(secret) });
  expect(verified.status).toBe(200);
  return { ...user, secret, backupCodes };
}

/** The second step of a sign-in: a code from the app (and optionally "Trust this device"). */
export const verifyTotp = (browser: BrowserClient, code: string, trustDevice?: boolean) =>
  browser.post("/api/auth/two-factor/verify-totp", { code, ...(trustDevice ? { trustDevice } : {}) });
