import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpGatehouseInChromium } from "./support/gatehouse.ts";
import { see, signOut, signUpAndVerify } from "./support/people.ts";

/** A browser tab with a built-in authenticator (Chromium's virtual WebAuthn device, no prompts). */
interface Device {
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
}

type StoredCredential = Awaited<ReturnType<typeof credentialsOn>>[number];

const world = setUpGatehouseInChromium();
let laptop: Device;
/**
 * The passkey the laptop created, as an authenticator holds it: copying it into another browser's
 * authenticator stands in for a synced passkey. Each use raises its signature counter, and the server
 * refuses a counter that goes backwards (a cloned authenticator), so the copy is refreshed after use.
 */
let syncedCredential: StoredCredential;

async function syncFrom(device: Device) {
  const [credential] = await credentialsOn(device);
  if (credential) syncedCredential = credential;
}
const contexts: BrowserContext[] = [];
/** A browser where the person is signed in with the passkey, for the tests that follow. */
let signedInWithPasskey: BrowserContext;

const person = { name: "Ada Lovelace", email: "ada@example.com", password: "analytical engine 1" };

/**
 * Chromium's virtual authenticator answers the sign-in page's autofill request (conditional UI) at
 * once, which would sign in before anyone clicks. Unless a test is about autofill, the browser is
 * made to report it has no passkey autofill, so the button is the only way in.
 */
async function deviceWithAuthenticator(credential?: StoredCredential, { autofill = false } = {}): Promise<Device> {
  const context = await world.newContext();
  contexts.push(context);
  if (!autofill)
    await context.addInitScript(() => {
      if (window.PublicKeyCredential) window.PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  if (credential) await cdp.send("WebAuthn.addCredential", { authenticatorId, credential });
  return { page, cdp, authenticatorId };
}

async function credentialsOn(device: Device) {
  const { credentials } = await device.cdp.send("WebAuthn.getCredentials", { authenticatorId: device.authenticatorId });
  return credentials;
}

async function openSecurity(page: Page) {
  await page.goto("/account?tab=security");
  await page.getByRole("region", { name: "Passkeys" }).waitFor();
}

async function signInWithPasskey(page: Page) {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
}

beforeAll(async () => {
  laptop = await deviceWithAuthenticator();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
});

describe("a person who signs in with a passkey", () => {
  it("signs up, then adds a passkey named Laptop in the security settings", async () => {
    const { page } = laptop;
    await signUpAndVerify(page, person);
    await openSecurity(page);
    await see(page, "You have no passkeys yet.");

    await page.getByRole("button", { name: "Add passkey" }).click();
    await page.getByLabel("Passkey name").fill("Laptop");
    await page.getByLabel("This device").check();
    await page.getByRole("button", { name: "Create passkey" }).click();

    const row = page.getByRole("row", { name: /Laptop/ });
    await row.getByRole("button", { name: "Rename passkey Laptop" }).waitFor();
    expect(await row.textContent()).toContain("This device only");
    expect(await row.textContent()).toContain(String(new Date().getFullYear()));
    const credentials = await credentialsOn(laptop);
    expect(credentials).toHaveLength(1);
    syncedCredential = credentials[0] as StoredCredential;
  });

  it("is told when the same authenticator is registered a second time", async () => {
    const { page } = laptop;
    await page.getByRole("button", { name: "Add passkey" }).click();
    await page.getByRole("button", { name: "Create passkey" }).click();
    await see(page, /previously registered/i);
    await page.getByRole("button", { name: "Cancel" }).click();
    expect(await page.getByRole("button", { name: /^Rename passkey/ }).count()).toBe(1);
  });

  it("renames the passkey", async () => {
    const { page } = laptop;
    await page.getByRole("button", { name: "Rename passkey Laptop" }).click();
    await page.getByLabel("Passkey name").fill("Work laptop");
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByRole("button", { name: "Rename passkey Work laptop" }).waitFor();

    // The new name is stored, not just shown: it survives a reload.
    await openSecurity(page);
    await page.getByRole("button", { name: "Rename passkey Work laptop" }).waitFor();
    await signOut(page);
  });

  it("signs in with the passkey from another browser that holds the same credential", async () => {
    const phone = await deviceWithAuthenticator(syncedCredential);
    await signInWithPasskey(phone.page);
    await phone.page.waitForURL("**/account**");
    await see(phone.page, person.email);
    await syncFrom(phone);
  });

  it("is offered the passkey by the browser's autofill on the sign-in page and signs in with it", async () => {
    const tablet = await deviceWithAuthenticator(syncedCredential, { autofill: true });
    await tablet.page.goto("/sign-in");
    await tablet.page.waitForURL("**/account**");
    await see(tablet.page, person.email);
    await syncFrom(tablet);
    signedInWithPasskey = tablet.page.context();
  });

  it("is told that a browser without WebAuthn cannot add passkeys, and still sees the ones it has", async () => {
    const old = await world.newContext({ storageState: await signedInWithPasskey.storageState() });
    contexts.push(old);
    await old.addInitScript(() => {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    });
    const page = await old.newPage();
    await openSecurity(page);
    await see(page, "WebAuthn is not supported in this browser");
    await page.getByRole("button", { name: "Rename passkey Work laptop" }).waitFor();
    expect(await page.getByRole("button", { name: "Add passkey" }).isDisabled()).toBe(true);
  });

  it("sees the passkey sign-in fail as cancelled when the authenticator has no passkey for this site", async () => {
    const stranger = await deviceWithAuthenticator();
    await signInWithPasskey(stranger.page);
    // better-auth's client reports every ceremony the browser did not complete as "Auth cancelled" (SPEC §8).
    await see(stranger.page, /auth cancelled/i);
    expect(new URL(stranger.page.url()).pathname).toBe("/sign-in");
  });

  it("removes the passkey, after which it no longer signs in", async () => {
    const phone = await deviceWithAuthenticator(syncedCredential);
    await signInWithPasskey(phone.page);
    await phone.page.waitForURL("**/account**");
    await syncFrom(phone);

    await openSecurity(phone.page);
    await phone.page.getByRole("button", { name: "Remove passkey Work laptop" }).click();
    await phone.page.getByRole("button", { name: "Yes, remove it" }).click();
    await see(phone.page, "You have no passkeys yet.");
    await signOut(phone.page);

    // The authenticator still offers the credential, but the server no longer knows it.
    await signInWithPasskey(phone.page);
    // better-auth's message for a credential it does not know.
    await see(phone.page, /passkey not found/i);
    expect(new URL(phone.page.url()).pathname).toBe("/sign-in");
    await phone.page.goto("/account");
    await phone.page.waitForURL("**/sign-in**");
  });
});
