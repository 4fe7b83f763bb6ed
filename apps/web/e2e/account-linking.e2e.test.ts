import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME_NAME, type AcmeWorld, continueWithAcme, logInAtAcme, startAcmeWorld } from "./support/acme.ts";
import { see, signOut, signUpAndVerify } from "./support/people.ts";

/**
 * A person who signed up with email and password links their Acme ID on the account page, signs in
 * with it, and unlinks it again — in Chromium, against a real OpenID provider on loopback.
 */

let acme: AcmeWorld;
let context: BrowserContext;
let page: Page;

const person = { name: "Grace Hopper", email: "grace@example.com", password: "compile the future 1" };
// Acme knows Grace under another login and another display name. The email is hers: by default
// Gatehouse refuses to link a provider account whose email differs (email_does_not_match).
const atAcme = { login: "ghopper", email: person.email, name: "Amazing Grace" };

const linkedAccounts = () => page.getByRole("region", { name: "Linked accounts" });
const acmeRow = () => linkedAccounts().getByRole("row", { name: new RegExp(ACME_NAME) });

async function openLinkedAccounts() {
  await page.goto("/account?tab=accounts");
  // The list has loaded once the email-and-password row is there.
  await page.getByRole("button", { name: "Unlink credential" }).waitFor();
}

beforeAll(async () => {
  acme = await startAcmeWorld();
  acme.idp.addAccount(atAcme);
  context = await acme.browser.newContext({ baseURL: acme.gatehouse.url });
  page = await context.newPage();
});
afterAll(async () => {
  await acme?.stop();
});

describe("a person who links their Acme ID to their account", () => {
  it("signs up, links Acme ID from Linked accounts and finds it listed", async () => {
    await signUpAndVerify(page, person);
    await openLinkedAccounts();
    expect(await acmeRow().count()).toBe(0);

    await page.getByRole("button", { name: `Link ${ACME_NAME}` }).click();
    await page.waitForURL(`${acme.idp.issuer}/interaction/**`);
    await logInAtAcme(page, atAcme.login);

    await page.waitForURL(`${acme.gatehouse.url}/account?tab=accounts`);
    await acmeRow().waitFor();
    await page.getByRole("button", { name: "Unlink acme" }).waitFor();
    expect(await page.getByRole("button", { name: `Link ${ACME_NAME}` }).count()).toBe(0);
    expect(await page.getByRole("alert").count()).toBe(0);
  });

  it("signs out and signs in with Acme ID into the same account", async () => {
    await signOut(page);
    // Forget the session at Acme (127.0.0.1; Gatehouse is on localhost), as on another day: Acme
    // asks who the person is again instead of sending them straight back.
    await context.clearCookies({ domain: "127.0.0.1" });
    await continueWithAcme(page, acme.idp);
    await logInAtAcme(page, atAcme.login);

    await page.waitForURL(`${acme.gatehouse.url}/account**`);
    await see(page, person.email);
    // The name given at sign-up, not Acme's: this is the account Grace made, not a new one.
    await see(page, person.name);
    expect(await page.getByText(atAcme.name).count()).toBe(0);
    await openLinkedAccounts();
    await acmeRow().waitFor();
  });

  it("unlinks Acme ID and sees it gone", async () => {
    await page.getByRole("button", { name: "Unlink acme" }).click();

    await see(page, `You can no longer sign in with ${ACME_NAME}.`);
    await acmeRow().waitFor({ state: "detached" });
    await page.getByRole("button", { name: `Link ${ACME_NAME}` }).waitFor();
    // Still there after a reload: the server forgot the link, not just the page.
    await openLinkedAccounts();
    expect(await acmeRow().count()).toBe(0);
  });

  it("cannot unlink email and password, the last way left to sign in", async () => {
    await page.getByRole("button", { name: "Unlink credential" }).click();

    await linkedAccounts().getByRole("alert").filter({ hasText: "You can't unlink your last account" }).waitFor();
    await openLinkedAccounts();
    await page.getByRole("button", { name: "Unlink credential" }).waitFor();
  });
});
