import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpGatehouseInChromium } from "./support/gatehouse.ts";
import { followMailLink, see, signUpAndVerify, submitPassword } from "./support/people.ts";

const world = setUpGatehouseInChromium();
let laptop: BrowserContext;
let phone: BrowserContext;

beforeAll(async () => {
  laptop = await world.newContext({ userAgent: "E2E Laptop" });
  phone = await world.newContext({ userAgent: "E2E Phone" });
});

const email = "grace@example.com";
const firstPassword = "first password 1";
const secondPassword = "second password 2";
const thirdPassword = "third password 3";

async function signIn(page: Page, password: string) {
  await submitPassword(page, email, password);
  await page.waitForURL("**/account**");
}

describe("a person's account, from sign-up to password reset", () => {
  it("signs up and verifies the address from the mailbox", async () => {
    await signUpAndVerify(await laptop.newPage(), { name: "Grace Hopper", email, password: firstPassword });
  });

  it("signs in on two devices and revokes the other one from the sessions list", async () => {
    const laptopPage = await laptop.newPage();
    await signIn(laptopPage, firstPassword);
    const phonePage = await phone.newPage();
    await signIn(phonePage, firstPassword);

    await laptopPage.goto("/account?tab=sessions");
    const revokePhone = laptopPage.getByRole("button", { name: "Revoke session E2E Phone" });
    await revokePhone.waitFor();
    await revokePhone.click();
    await revokePhone.waitFor({ state: "detached" });

    // The phone's session is gone: its next visit to the account page lands on sign-in.
    await phonePage.goto("/account");
    await phonePage.waitForURL("**/sign-in**");
  });

  it("changes the password and signs out the other sessions", async () => {
    const phonePage = await phone.newPage();
    await signIn(phonePage, firstPassword);

    const page = await laptop.newPage();
    await page.goto("/account?tab=password");
    await page.getByLabel("Current password").fill(firstPassword);
    await page.getByLabel("New password").fill(secondPassword);
    await page.getByLabel("Confirm password").fill(secondPassword);
    await page.getByLabel("Sign out other sessions").check();
    await page.getByRole("button", { name: "Change password" }).click();
    await see(page, /password (was )?changed/i);

    await phonePage.goto("/account");
    await phonePage.waitForURL("**/sign-in**");
  });

  it("signs out", async () => {
    const page = await laptop.newPage();
    await page.goto("/account");
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.goto("/account");
    await page.waitForURL("**/sign-in**");
  });

  it("resets a forgotten password through the mailed link and signs in with the new one", async () => {
    const page = await laptop.newPage();
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await see(page, /If an account exists for that email/);

    await followMailLink(page, "Reset your password");
    await page.waitForURL("**/reset-password?token=**");
    await page.getByLabel("New password").fill(thirdPassword);
    await page.getByLabel("Confirm password").fill(thirdPassword);
    await page.getByRole("button", { name: "Reset password" }).click();
    await see(page, "Your password was reset.");

    await signIn(page, thirdPassword);
    await page.getByRole("tab", { name: "Sessions" }).waitFor();
    expect(await page.getByText(email).first().isVisible()).toBe(true);
  });

  it("refuses the old password after the reset", async () => {
    const page = await phone.newPage();
    await submitPassword(page, email, secondPassword);
    await see(page, "Invalid email or password");
  });
});

describe("the error page", () => {
  it("shows the code from the query and a link back to the application", async () => {
    const page = await laptop.newPage();
    await page.goto("/api/auth/error?error=state_not_found");
    await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
    expect(await page.locator("code").first().textContent()).toBe("state_not_found");
    await page.getByRole("link", { name: "Back to the application" }).click();
    await page.waitForURL(`${world.gatehouse.url}/`);
  });
});
