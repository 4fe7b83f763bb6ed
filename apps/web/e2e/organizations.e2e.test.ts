import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpGatehouseInChromium } from "./support/gatehouse.ts";
import { linkFromNewestMail } from "./support/mail-links.ts";
import { followMailLink, see, signUpAndVerify } from "./support/people.ts";

const world = setUpGatehouseInChromium();
let ownerBrowser: BrowserContext;
let inviteeBrowser: BrowserContext;

const owner = { name: "Ada Owner", email: "ada.owner@example.com", password: "owner password 1" };
const invitee = { name: "Wile Invitee", email: "wile.invitee@example.com", password: "invitee password 1" };
const organization = { name: "Acme Robotics", slug: "acme-robotics" };

beforeAll(async () => {
  ownerBrowser = await world.newContext();
  inviteeBrowser = await world.newContext();
});

/** Creates an organization from the dialog (opened from the list page or the header's switcher). */
async function createOrganizationInDialog(page: Page, name: string, slug: string) {
  const dialog = page.getByRole("dialog", { name: "Create organization" });
  await dialog.getByLabel(/^Name/).fill(name);
  // The slug is suggested from the name and checked with the server while typing.
  expect(await dialog.getByLabel(/^Slug/).inputValue()).toBe(slug);
  await dialog.getByText("This slug is available.").waitFor();
  await dialog.getByRole("button", { name: "Create organization" }).click();
  await page.waitForURL(`**/organizations/${slug}`);
  await page.getByRole("heading", { name, level: 1 }).waitFor();
}

async function openTab(page: Page, tab: string) {
  await page.getByRole("tab", { name: tab }).click();
}

describe("an organization, from creation to a second member", () => {
  it("is created by its owner, with a slug suggested from the name", async () => {
    const page = await ownerBrowser.newPage();
    await signUpAndVerify(page, owner);
    await page.goto("/organizations");
    await page.getByRole("button", { name: "Create organization" }).click();
    await createOrganizationInDialog(page, organization.name, organization.slug);
    await page.getByText("owner", { exact: true }).first().waitFor();
  });

  it("sends an invitation by email that shows as pending", async () => {
    const page = await ownerBrowser.newPage();
    await page.goto(`/organizations/${organization.slug}`);
    await openTab(page, "Invitations");
    await page.getByLabel(/^Email/).fill(invitee.email);
    expect(await page.getByLabel("Role", { exact: true }).inputValue()).toBe("member");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await see(page, `An invitation was sent to ${invitee.email}.`);
    await page.getByRole("button", { name: `Cancel invitation for ${invitee.email}` }).waitFor();
  });

  it("lets the invitee follow the mailed link, create an account there and join", async () => {
    const page = await inviteeBrowser.newPage();
    await followMailLink(page, `You are invited to join ${organization.name}`);
    await page.waitForURL("**/accept-invitation/**");
    const invitationPath = new URL(page.url()).pathname;
    // Signed out, the page offers a way in that comes back here.
    await page.getByRole("link", { name: "Create account" }).click();
    await page.waitForURL("**/sign-up?redirect=**");
    await page.getByLabel(/^Name/).fill(invitee.name);
    await page.getByLabel(/^Email/).fill(invitee.email);
    await page.getByLabel(/^Password/).fill(invitee.password);
    await page.getByRole("button", { name: "Sign up" }).click();
    await see(page, "Check your email to verify your address");

    // The verification link signs the new account in and returns to the invitation.
    await page.goto(await linkFromNewestMail(world.gatehouse.url, invitee.email, "Verify your email address"));
    await page.waitForURL(`**${invitationPath}`);
    await see(page, `${owner.email} invited you to join`);
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await page.waitForURL(`**/organizations/${organization.slug}`);
    await page.getByRole("heading", { name: organization.name, level: 1 }).waitFor();

    await openTab(page, "Members");
    await page.getByRole("cell", { name: invitee.email }).waitFor();
    await page.getByRole("cell", { name: owner.email }).waitFor();
  });

  it("lets the owner make the new member an admin", async () => {
    const page = await ownerBrowser.newPage();
    await page.goto(`/organizations/${organization.slug}?tab=members`);
    await page.getByRole("button", { name: `Change role of ${invitee.name}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("checkbox", { name: "admin" }).check();
    await dialog.getByRole("checkbox", { name: "member" }).uncheck();
    await dialog.getByRole("button", { name: "Save role" }).click();
    await see(page, `${invitee.name} is now admin.`);
    const row = page.getByRole("row").filter({ hasText: invitee.email });
    await row.getByText("admin", { exact: true }).waitFor();
  });

  it("does not let an admin delete the organization, in the page or through the API", async () => {
    const page = await inviteeBrowser.newPage();
    await page.goto(`/organizations/${organization.slug}?tab=settings`);
    await see(page, "Your role does not allow deleting this organization");
    // An admin may update the organization, so the details form is live …
    await page.getByRole("button", { name: "Save organization" }).waitFor();
    // … but there is no way to delete it.
    expect(await page.getByRole("button", { name: "Delete organization" }).count()).toBe(0);

    // The server is the authority: the same call made from this page is refused.
    const answer = await page.evaluate(async () => {
      const full = await fetch("/api/auth/organization/get-full-organization?organizationSlug=acme-robotics").then((r) => r.json());
      const response = await fetch("/api/auth/organization/delete", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ organizationId: full.id }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(/not allowed to delete this organization/i);

    await page.reload();
    await page.getByRole("heading", { name: organization.name, level: 1 }).waitFor();
  });

  it("shows the owner, and only the owner, who changed what in the organization's audit log", async () => {
    const adminPage = await inviteeBrowser.newPage();
    await adminPage.goto(`/organizations/${organization.slug}`);
    await adminPage.getByRole("heading", { name: organization.name, level: 1 }).waitFor();
    expect(await adminPage.getByRole("tab", { name: "Audit log" }).count()).toBe(0);

    const page = await ownerBrowser.newPage();
    await page.goto(`/organizations/${organization.slug}?tab=audit`);
    // The owner's role change for the invitee, and the admin's refused attempt to delete.
    const roleChange = page.getByRole("row").filter({ hasText: "member.update-role" });
    await roleChange.getByText(owner.email).waitFor();
    await roleChange.getByText("success").waitFor();
    const refusedDelete = page.getByRole("row").filter({ hasText: "organization.delete" });
    await refusedDelete.getByText(invitee.email).waitFor();
    await refusedDelete.getByText("denied").waitFor();
  });

  it("lets the owner create and rename a team, and put the new admin in it", async () => {
    const page = await ownerBrowser.newPage();
    await page.goto(`/organizations/${organization.slug}?tab=teams`);
    await page.getByLabel(/^Name/).fill("Platform");
    await page.getByRole("button", { name: "Create team" }).click();
    await see(page, "The team Platform was created.");

    await page.getByRole("button", { name: "Platform", exact: true }).click();
    await page.getByRole("button", { name: "Rename team Platform" }).click();
    const dialog = page.getByRole("dialog", { name: "Rename team" });
    await dialog.getByLabel(/^Name/).fill("Infrastructure");
    await dialog.getByRole("button", { name: "Save name" }).click();
    await see(page, "The team is now called Infrastructure.");
    await page.getByRole("button", { name: "Infrastructure", exact: true }).waitFor();

    await page.getByLabel("Add a member to Infrastructure").selectOption({ label: `${invitee.name} (${invitee.email})` });
    await page.getByRole("button", { name: "Add to team" }).click();
    await see(page, `${invitee.name} joined Infrastructure.`);
    await page.getByRole("list", { name: "Members of Infrastructure" }).getByText(invitee.email).waitFor();
  });

  it("switches the active organization from the header", async () => {
    const page = await ownerBrowser.newPage();
    await page.goto("/organizations");
    await page.getByRole("button", { name: /^Active organization/ }).click();
    await page.getByRole("menuitem", { name: "Create organization" }).click();
    await createOrganizationInDialog(page, "Beta Labs", "beta-labs");
    await page.getByRole("button", { name: "Active organization: Beta Labs" }).waitFor();

    await page.getByRole("button", { name: /^Active organization/ }).click();
    await page.getByRole("menuitem", { name: organization.name }).click();
    await see(page, `${organization.name} is now your active organization.`);
    // On an organization's page, the page follows the switch.
    await page.waitForURL(`**/organizations/${organization.slug}`);
    await page.getByRole("button", { name: `Active organization: ${organization.name}` }).waitFor();

    // The choice lives in the session, so it survives a reload.
    await page.goto("/organizations");
    await page.getByRole("button", { name: `Active organization: ${organization.name}` }).waitFor();
    const session = await page.evaluate(() => fetch("/api/auth/get-session?disableCookieCache=true").then((r) => r.json()));
    const list = await page.evaluate(() => fetch("/api/auth/organization/list").then((r) => r.json()));
    const acme = (list as { id: string; slug: string }[]).find((o) => o.slug === organization.slug);
    expect(session.session.activeOrganizationId).toBe(acme?.id);
  });
});
