import { describe, expect, it } from "vitest";
import { setUpGatehouseInChromium } from "./support/gatehouse.ts";
import { linkFromNewestMail } from "./support/mail-links.ts";
import { see } from "./support/people.ts";

const world = setUpGatehouseInChromium();

const email = "katherine@example.com";
/** The link from the mail, shared by the steps of the story. */
let signInLink: string;

describe("a newcomer who signs in with a link sent by email", () => {
  it("is asked for an email, not a username, when asking for a link", async () => {
    const page = await world.newPage();
    await page.goto("/sign-in");
    await page.getByLabel("Email or username").fill("katherine");
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await see(page, /enter your email instead of your username/);
    expect(await page.getByRole("heading", { name: "Check your email" }).count()).toBe(0);
  });

  it("asks for a link on the sign-in page without having an account", async () => {
    const page = await world.newPage();
    await page.goto("/sign-in");
    await page.getByLabel("Email or username").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await see(page, `We sent a sign-in link to ${email}`);
  });

  it("opens the link from the mail and lands signed in on a new account", async () => {
    signInLink = await linkFromNewestMail(world.gatehouse.url, email, "Your sign-in link");
    const page = await world.newPage();
    await page.goto(signInLink);
    await page.waitForURL("**/account**");
    await page.getByRole("heading", { name: "Your account" }).waitFor();
    await see(page, email);
  });

  it("cannot use the same link a second time and is told why", async () => {
    // A fresh browser: the first visit's session must not be what lets this one in.
    const page = await world.newPage();
    await page.goto(signInLink);
    await page.waitForURL("**/sign-in?error=INVALID_TOKEN");
    await page.getByRole("alert").filter({ hasText: "This link is invalid or has expired" }).waitFor();
    await page.goto("/account");
    await page.waitForURL("**/sign-in");
  });
});
