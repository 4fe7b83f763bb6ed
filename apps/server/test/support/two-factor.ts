import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { expect } from "vitest";
import type { BrowserClient } from "./auth-client.ts";
import { signedInUser, type TestServer } from "./test-server.ts";

/** The shared secret an authenticator app reads from the QR code. */
export function secretOf(totpURI: string): string {
  const encoded = new URL(totpURI).searchParams.get("secret");
  if (!encoded) throw new Error(`no secret in ${totpURI}`);
  return new TextDecoder().decode(base32.decode(encoded));
}

/** What the authenticator app shows right now (RFC 6238, 6 digits, 30 s). */
export const codeFor = (secret: string) => createOTP(secret).totp();

/** Six digits that are not the current code. */
export async function wrongCodeFor(secret: string): Promise<string> {
  const right = Number(await codeFor(secret));
  return String((right + 500_000) % 1_000_000).padStart(6, "0");
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
