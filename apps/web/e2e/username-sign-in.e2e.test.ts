import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpGatehouseInChromium } from "./support/gatehouse.ts";
import { linkFromNewestMail } from "./support/mail-links.ts";
import { see, signOut, submitPassword } from "./support/people.ts";

const world = setUpGatehouseInChromium();
let laptop: BrowserContext;

const person = { name: "Margaret Hamilton", email: "margaret@example.com", username: "Margaret_H", password: "apollo guidance 11" };

beforeAll(async () => {
  laptop = await world.newContext();
  // Someone already holds the username "grace".
  const response = await fetch(`${world.gatehouse.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: world.gatehouse.url },
    body: JSON.stringify({ name: "Grace Hopper", email: "grace@example.com", password: "compiler pioneer 1", username: "grace" }),
  });
  expect(response.status).toBe(200);
});

const usernameStatus = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor({ timeout: 15_000 });

describe("a person who signs in with a username", () => {
  it("sees while signing up that a username is taken, whatever its letter case, and picks a free one", async () => {
    const page = await laptop.newPage();
    await page.goto("/sign-up");
    const username = page.getByLabel("Username");
    await username.fill("Grace");
    await usernameStatus(page, "That username is taken");
    await username.fill("a!");
    await usernameStatus(page, "Use 3 to 30 characters: letters, digits, underscores and dots.");
    await username.fill(person.username);
    await usernameStatus(page, "Username is available");
  });

  it("signs up with the username and verifies the email from the mail", async () => {
    const page = await laptop.newPage();
    await page.goto("/sign-up");
    await page.getByLabel(/^Name/).fill(person.name);
    await page.getByLabel(/^Email/).fill(person.email);
    await page.getByLabel("Username").fill(person.username);
    await page.getByLabel(/^Password/).fill(person.password);
    await usernameStatus(page, "Username is available");
    await page.getByRole("button", { name: "Sign up" }).click();
    await see(page, "Check your email to verify your address");

    await page.goto(await linkFromNewestMail(world.gatehouse.url, person.email, "Verify your email address"));
    await page.waitForURL("**/email-verified**");
    await see(page, "Your email is verified");
  });

  it("after signing out, signs in with the username instead of the email", async () => {
    const page = await laptop.newPage();
    await signOut(page);
    // Usernames are matched ignoring case.
    await submitPassword(page, person.username.toLowerCase(), person.password);
    await page.waitForURL("**/account**");
    await see(page, person.email);
  });

  it("is told the username or password is wrong, naming the username", async () => {
    const page = await world.newPage();
    await submitPassword(page, person.username, "not the password");
    await page.getByRole("alert", { name: /invalid username or password/i }).waitFor();
    await see(page, "Check your username and password and try again.");
    expect(new URL(page.url()).pathname).toBe("/sign-in");
  });
});
