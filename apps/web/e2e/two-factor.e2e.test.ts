import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpGatehouseInChromium } from "./support/gatehouse.ts";
import { followMailLink, see, signOut, signUpAndVerify, submitPassword } from "./support/people.ts";

const world = setUpGatehouseInChromium();
let page: Page;

const person = { name: "Katherine Johnson", email: "katherine@example.com", password: "orbital mechanics 1" };
/** What the person's authenticator app learned from the setup screen. */
let setupKey = "";
let backupCodes: string[] = [];

/** The authenticator app's time step (RFC 6238: 30 s). */
const STEP = 30_000;
/** The last step whose code the person typed. */
let lastStep = 0;

/**
 * The authenticator app: the setup key is base32 (RFC 4648) of the secret better-auth keys its
 * HMAC with, so decoding it and running better-auth's own HOTP for a time step gives the code the
 * app shows. A code works once, so the person never types one twice: they take the current code,
 * else the next step's (the server accepts it too), else they wait for the step after.
 */
async function freshCode(): Promise<string> {
  const secret = new TextDecoder().decode(base32.decode(setupKey));
  const step = Math.max(Math.floor(Date.now() / STEP), lastStep + 1);
  const wait = (step - 1) * STEP - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  lastStep = step;
  return createOTP(secret).hotp(step);
}

async function openSecurity() {
  await page.goto("/account?tab=security");
  await page.getByRole("region", { name: "Two-factor authentication" }).waitFor();
}

/** The password prompt is a dialog; the account page's "Password" tab panel carries the same label. */
async function confirmPassword(button: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^Password/).fill(person.password);
  await dialog.getByRole("button", { name: button }).click();
}

/** On /two-factor: no session yet; the code from the app finishes the sign-in. */
async function finishWithAppCode() {
  await page.waitForURL("**/two-factor**");
  expect((await (await page.request.get("/api/auth/get-session")).json())?.session).toBeUndefined();
  await page.getByRole("textbox", { name: "Authentication code" }).fill(await freshCode());
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await page.waitForURL("**/account**");
  await see(page, person.email);
}

/** Signs out and in again with the password, then offers a backup code on /two-factor. */
async function signInWithBackupCode(code: string | undefined) {
  await signOut(page);
  await submitPassword(page, person.email, person.password);
  await page.waitForURL("**/two-factor**");
  await page.getByRole("button", { name: "Use a backup code" }).click();
  await page.getByRole("textbox", { name: "Backup code" }).fill(code ?? "");
  await page.getByRole("button", { name: "Verify", exact: true }).click();
}

beforeAll(async () => {
  page = await world.newPage();
});

describe("a person who protects their account with two-factor authentication", () => {
  it("signs up and turns on two-factor with an authenticator app", async () => {
    await signUpAndVerify(page, person);
    await openSecurity();
    await page.getByRole("button", { name: "Enable two-factor" }).click();
    await confirmPassword("Continue");

    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    const keyLine = await page.getByText(/^Setup key:/).textContent();
    setupKey = (keyLine ?? "").replace(/^Setup key:/, "").replace(/\s+/g, "");
    expect(setupKey).toMatch(/^[A-Z2-7]{16,}$/);

    // A code the app did not produce is refused and two-factor stays off.
    await page.getByRole("textbox", { name: "Code from your app" }).fill("000000");
    await page.getByRole("button", { name: "Verify and enable" }).click();
    await see(page, /invalid code/i);

    await page.getByRole("textbox", { name: "Code from your app" }).fill(await freshCode());
    await page.getByRole("button", { name: "Verify and enable" }).click();
    const codes = page.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
    await codes.first().waitFor();
    backupCodes = (await codes.allTextContents()).map((code) => code.trim());
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    await see(page, /Keep them somewhere safe/);
    await page.getByRole("button", { name: "I saved my codes" }).click();
    await page.getByRole("button", { name: "Disable two-factor" }).waitFor();
  });

  it("is asked for a code after the password, and the code from the app signs in", async () => {
    await signOut(page);
    await submitPassword(page, person.email, person.password);
    await finishWithAppCode();
  });

  it("signs in with a backup code instead, which then works only once", async () => {
    await signInWithBackupCode(backupCodes[0]);
    await page.waitForURL("**/account**");

    await signInWithBackupCode(backupCodes[0]);
    await see(page, /invalid backup code/i);
    expect(new URL(page.url()).pathname).toBe("/two-factor");

    await page.getByRole("textbox", { name: "Backup code" }).fill(backupCodes[1] ?? "");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await page.waitForURL("**/account**");
  });

  it("regenerates the backup codes, replacing the old ones", async () => {
    await openSecurity();
    await page.getByRole("button", { name: "Regenerate backup codes" }).click();
    await confirmPassword("Generate new codes");
    const codes = page.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
    await codes.first().waitFor();
    const fresh = (await codes.allTextContents()).map((code) => code.trim());
    expect(fresh.filter((code) => backupCodes.includes(code))).toEqual([]);
    backupCodes = fresh;
    await page.getByRole("button", { name: "I saved my codes" }).click();
  });

  it("is asked for the code after a sign-in link from the mail too: the mailbox alone is not enough", async () => {
    await signOut(page);
    await page.goto("/sign-in");
    await page.getByLabel("Email or username").fill(person.email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await see(page, "Check your email");
    await followMailLink(page, "Your sign-in link");
    await finishWithAppCode();
  });

  it("turns two-factor off, after which the password alone signs in", async () => {
    await openSecurity();
    await page.getByRole("button", { name: "Disable two-factor" }).click();
    await confirmPassword("Turn off two-factor");
    await page.getByRole("button", { name: "Enable two-factor" }).waitFor();

    await signOut(page);
    await submitPassword(page, person.email, person.password);
    await page.waitForURL("**/account**");
    await see(page, person.email);
  });
});
