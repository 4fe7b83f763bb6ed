import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpGatehouseInChromium } from "./support/gatehouse.ts";
import { see } from "./support/people.ts";
import { createUserAsAdmin, e2eDatabase, makePlatformAdmin, type Person, signIn, uniqueEmail } from "./support/platform-admin.ts";

const database = e2eDatabase();
const world = setUpGatehouseInChromium(database.env);
const admin: Person = { name: "Ada Admin", email: uniqueEmail("ada"), password: "admin password 1" };
let adminPage: Page;

beforeAll(async () => {
  await makePlatformAdmin(database, world.gatehouse.url, admin);
  adminPage = await (await world.newContext({ userAgent: "E2E Admin laptop" })).newPage();
  await signIn(adminPage, admin);
});

const person = (name: string): Person => ({
  name,
  email: uniqueEmail(name.toLowerCase().replace(/\W+/g, "-")),
  password: `${name} password 1`,
});

/** A browser profile of its own, signed in as `who`. */
async function signedInPage(who: Person, userAgent: string) {
  const page = await (await world.newContext({ userAgent })).newPage();
  await signIn(page, who);
  return page;
}

describe("the admin console", () => {
  it("tells a signed-in person who is not a platform admin that they are not allowed", async () => {
    const bea = person("Bea");
    await createUserAsAdmin(adminPage, world.gatehouse.url, bea);
    const page = await signedInPage(bea, "E2E Bea");
    await page.goto("/admin");
    await page.getByRole("alert").filter({ hasText: "not allowed" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).count()).toBe(0);
  });

  it("creates a user, finds them by search, and bans them: their open page is signed out", async () => {
    const bob = person("Bob");
    await adminPage.goto("/admin");
    await adminPage.getByRole("button", { name: "Create user" }).click();
    const form = adminPage.getByRole("dialog", { name: "Create user" });
    await form.getByLabel(/^Name/).fill(bob.name);
    await form.getByLabel(/^Email/).fill(bob.email);
    await form.getByLabel(/^Password/).fill(bob.password);
    await form.getByRole("button", { name: "Create user" }).click();
    // Creating leads to the new user's page.
    await adminPage.waitForURL("**/admin/users/**");
    await adminPage.getByRole("heading", { name: bob.name }).waitFor();

    await adminPage.goto("/admin");
    await adminPage.getByLabel("Search users").fill(bob.email);
    const rows = adminPage.getByRole("table").getByRole("row");
    await rows.filter({ hasText: bob.email }).waitFor();
    await expect.poll(() => rows.count()).toBe(2); // the header and Bob

    const bobPage = await signedInPage(bob, "E2E Bob phone");

    await rows.getByRole("link", { name: bob.name }).click();
    await adminPage.getByRole("button", { name: "Ban user" }).click();
    const ban = adminPage.getByRole("dialog");
    await ban.getByLabel("Reason").fill("Spam");
    await ban.getByLabel("Ban ends").selectOption({ label: "1 day" });
    await ban.getByRole("button", { name: "Ban user" }).click();
    await see(adminPage, /Banned until/);
    await adminPage.getByRole("button", { name: "Unban user" }).waitFor();

    // Bob's open page: the next load finds no session and sends him to sign in, where he is refused.
    await bobPage.reload();
    await bobPage.waitForURL("**/sign-in**");
    await bobPage.getByLabel("Email or username").fill(bob.email);
    await bobPage.getByLabel(/^Password/).fill(bob.password);
    await bobPage.getByRole("button", { name: "Sign in", exact: true }).click();
    await see(bobPage, /banned/i);

    // Unbanned, he signs in again.
    await adminPage.getByRole("button", { name: "Unban user" }).click();
    await adminPage.getByRole("button", { name: "Ban user" }).waitFor();
    await signIn(bobPage, bob);
  });

  it("searches by name, sorts by name, pages 20 users at a time and filters by role", async () => {
    const names = Array.from({ length: 21 }, (_, i) => `Pager ${String(i + 1).padStart(2, "0")}`);
    await Promise.all(names.map((name) => createUserAsAdmin(adminPage, world.gatehouse.url, person(name))));

    await adminPage.goto("/admin");
    await adminPage.getByLabel("Search in").selectOption({ label: "Name" });
    await adminPage.getByLabel("Search users").fill("Pager");
    await adminPage.getByRole("columnheader", { name: "Name" }).getByRole("button").click();
    await adminPage.getByText("Users 1–20 of 21").waitFor();
    expect(await adminPage.getByRole("columnheader", { name: "Name" }).getAttribute("aria-sort")).toBe("ascending");
    const nameCells = adminPage.getByRole("table").getByRole("link");
    expect(await nameCells.allTextContents()).toEqual(names.slice(0, 20));

    await adminPage.getByRole("button", { name: "Page 2" }).click();
    await adminPage.getByText("Users 21–21 of 21").waitFor();
    expect(await nameCells.allTextContents()).toEqual(["Pager 21"]);

    await adminPage.getByLabel("Search users").fill("");
    await adminPage.getByLabel("Role").selectOption({ label: "Admin" });
    await adminPage.getByText("Users 1–1 of 1").waitFor();
    expect(await nameCells.allTextContents()).toEqual([admin.name]);
  });

  it("revokes a user's session from their page", async () => {
    const cleo = person("Cleo");
    const cleoId = await createUserAsAdmin(adminPage, world.gatehouse.url, cleo);
    const cleoPage = await signedInPage(cleo, "E2E Cleo tablet");

    await adminPage.goto(`/admin/users/${cleoId}`);
    const revoke = adminPage.getByRole("button", { name: /^Revoke session E2E Cleo tablet/ });
    await revoke.click();
    await revoke.waitFor({ state: "detached" });
    await adminPage.getByText("No active sessions.").waitFor();

    await cleoPage.goto("/account");
    await cleoPage.waitForURL("**/sign-in**");
  });

  it("impersonates a user with a banner on every page, and 'Stop impersonating' returns to the admin", async () => {
    const dan = person("Dan");
    const danId = await createUserAsAdmin(adminPage, world.gatehouse.url, dan);
    const page = await (await world.newContext()).newPage();
    await signIn(page, admin);

    await page.goto(`/admin/users/${danId}`);
    await page.getByRole("button", { name: "Impersonate" }).click();
    // The banner, not the "Impersonating" notification that may be on screen at the same time.
    const banner = page
      .getByRole("alert")
      .filter({ hasText: "impersonating" })
      .filter({ has: page.getByRole("button", { name: "Stop impersonating" }) });
    await banner.filter({ hasText: dan.name }).waitFor();

    await page.goto("/account");
    await page.getByText(dan.email).first().waitFor();
    await banner.waitFor();

    await banner.getByRole("button", { name: "Stop impersonating" }).click();
    await page.waitForURL(`**/admin/users/${danId}`);
    await page.getByRole("heading", { name: "Admin console" }).waitFor();
    await page.getByRole("heading", { name: dan.name }).waitFor();
    expect(await banner.count()).toBe(0);
    // The admin's own session is back.
    await page.goto("/account");
    await page.getByText(admin.email).first().waitFor();
  });

  it("shows the ban in the audit log, filtered by action", async () => {
    const eve = person("Eve");
    const eveId = await createUserAsAdmin(adminPage, world.gatehouse.url, eve);
    await adminPage.goto(`/admin/users/${eveId}`);
    await adminPage.getByRole("button", { name: "Ban user" }).click();
    await adminPage.getByRole("dialog").getByRole("button", { name: "Ban user" }).click();
    await adminPage.getByRole("button", { name: "Unban user" }).waitFor();

    await adminPage.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Audit log" }).click();
    await adminPage.getByLabel("Action").fill("admin.ban-user");
    await adminPage.getByLabel("Target id").fill(eveId);
    await adminPage.getByRole("button", { name: "Apply filters" }).click();
    const row = adminPage.getByRole("row").filter({ hasText: "admin.ban-user" }).filter({ hasText: eveId });
    await row.waitFor();
    expect(await row.textContent()).toContain(admin.name);
    await expect.poll(() => adminPage.getByRole("row").count()).toBe(2);
  });
});
