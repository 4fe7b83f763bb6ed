import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpGatehouseInChromium } from "./support/gatehouse.ts";
import { see, signUpAndVerify } from "./support/people.ts";

const world = setUpGatehouseInChromium();

const password = "invitation password 1";
const person = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com`, password });

/** Calls the identity API from the page, with its session cookie, as the web app would. */
async function api<T>(page: Page, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(`/api/auth${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { path, body },
  );
}

/** A signed-in owner with a new organization and a pending invitation for `email`; returns the invitation's page. */
async function ownerInvites(page: Page, owner: ReturnType<typeof person>, slug: string, email: string) {
  await signUpAndVerify(page, owner);
  const created = await api<{ id: string }>(page, "/organization/create", { name: `Org ${slug}`, slug });
  expect(created.status).toBe(200);
  const invited = await api<{ id: string }>(page, "/organization/invite-member", {
    email,
    role: "member",
    organizationId: created.body.id,
  });
  expect(invited.status).toBe(200);
  return `/accept-invitation/${invited.body.id}`;
}

describe("the invitation page", () => {
  it("tells someone signed in with another account, and lets them switch to the invited one and decline", async () => {
    const ownerPage = await world.newPage();
    const invitee = person("Grace");
    const invitationPath = await ownerInvites(ownerPage, person("Olga"), "olga-co", invitee.email);

    // The invitee already has an account, but this browser is signed in as someone else.
    await signUpAndVerify(await world.newPage(), invitee);
    const page = await world.newPage();
    await signUpAndVerify(page, person("Mallory"));
    await page.goto(invitationPath);
    await page.getByRole("alert").filter({ hasText: "This invitation is for someone else" }).waitFor();
    expect(await page.getByRole("button", { name: "Accept invitation" }).count()).toBe(0);

    await page.getByRole("button", { name: "Sign out and use another account" }).click();
    await page.waitForURL("**/sign-in?redirect=**");
    await page.getByLabel("Email or username").fill(invitee.email);
    await page.getByLabel(/^Password/).fill(invitee.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`**${invitationPath}`);
    await see(page, "olga@example.com invited you to join Org olga-co");

    await page.getByRole("button", { name: "Decline" }).click();
    await see(page, "You declined the invitation.");
    // Declined is final: the link no longer shows the invitation.
    await page.reload();
    await page.getByRole("alert").filter({ hasText: "This invitation is no longer valid" }).waitFor();
  });

  it("says a cancelled invitation is no longer valid", async () => {
    const ownerPage = await world.newPage();
    const invitee = person("Henry");
    const invitationPath = await ownerInvites(ownerPage, person("Pia"), "pia-co", invitee.email);
    await ownerPage.goto("/organizations/pia-co?tab=invitations");
    await ownerPage.getByRole("button", { name: `Cancel invitation for ${invitee.email}` }).click();
    await ownerPage.getByRole("dialog").getByRole("button", { name: "Cancel invitation" }).click();
    await see(ownerPage, `The invitation for ${invitee.email} was cancelled.`);

    const page = await world.newPage();
    await signUpAndVerify(page, invitee);
    await page.goto(invitationPath);
    await page.getByRole("alert").filter({ hasText: "This invitation is no longer valid" }).waitFor();
  });

  it("sends someone signed out to sign in and back, then into the organization", async () => {
    const ownerPage = await world.newPage();
    const invitee = person("Ivy");
    const invitationPath = await ownerInvites(ownerPage, person("Quinn"), "quinn-co", invitee.email);
    await signUpAndVerify(await world.newPage(), invitee);

    const page = await world.newPage();
    await page.goto(invitationPath);
    await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL("**/sign-in?redirect=**");
    await page.getByLabel("Email or username").fill(invitee.email);
    await page.getByLabel(/^Password/).fill(invitee.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`**${invitationPath}`);
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await page.waitForURL("**/organizations/quinn-co");
    await page.getByRole("button", { name: "Active organization: Org quinn-co" }).waitFor();
  });
});
