import { describe, expect, it } from "vitest";
import { liveSession } from "../support/auth-client.ts";
import { memberWithRole, organizationWithOwner, uniqueSlug } from "../support/organizations.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";

/**
 * SPEC §4: creating an organization makes it the session's active one; deleting or leaving it
 * clears it. Asserted through get-session as a browser calls it, i.e. with the 60 s cookie cache
 * on, and in the database.
 */
const server = useTestServer();

/** The session as the browser sees it: from the cookie cache while that is fresh. */
const cachedActiveOrganization = async (client: Awaited<ReturnType<typeof signedInUser>>["client"]) =>
  (await client.auth.getSession()).data?.session.activeOrganizationId ?? null;

/** A second browser signed in as the same person. */
async function secondBrowser(email: string, password: string) {
  const browser = server.client();
  const { error } = await browser.auth.signIn.email({ email, password });
  if (error) throw new Error(error.message);
  return browser;
}

describe("POST /api/auth/organization/create", () => {
  it("makes the new organization active in the session cookie at once", async () => {
    const { client } = await signedInUser(server);
    expect(await cachedActiveOrganization(client)).toBeNull(); // the cookie cache is filled
    const created = await (await client.post("/api/auth/organization/create", { name: "Fresh", slug: uniqueSlug() })).json();
    expect(await cachedActiveOrganization(client)).toBe(created.id);
    expect((await liveSession(client))?.session.activeOrganizationId).toBe(created.id);
  });

  it("keeps the current active organization with keepCurrentActiveOrganization", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const response = await owner.client.post("/api/auth/organization/create", {
      name: "Side",
      slug: uniqueSlug(),
      keepCurrentActiveOrganization: true,
    });
    expect(response.status).toBe(200);
    expect(await cachedActiveOrganization(owner.client)).toBe(organization.id);
    expect((await liveSession(owner.client))?.session.activeOrganizationId).toBe(organization.id);
  });
});

describe("POST /api/auth/organization/delete", () => {
  it("clears the deleted organization from the owner's cookie and from every member's sessions", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const member = await memberWithRole(server, organization.id, "member");
    expect(await cachedActiveOrganization(owner.client)).toBe(organization.id);

    const response = await owner.client.post("/api/auth/organization/delete", { organizationId: organization.id });
    expect(response.status).toBe(200);
    expect(await cachedActiveOrganization(owner.client)).toBeNull();
    expect((await liveSession(owner.client))?.session).toMatchObject({ activeOrganizationId: null, activeTeamId: null });
    expect((await liveSession(member.client))?.session.activeOrganizationId).toBeNull();
  });

  it("leaves the active organization alone when another one is deleted", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const other = await (
      await owner.client.post("/api/auth/organization/create", { name: "Other", slug: uniqueSlug(), keepCurrentActiveOrganization: true })
    ).json();
    await owner.client.post("/api/auth/organization/delete", { organizationId: other.id });
    expect(await cachedActiveOrganization(owner.client)).toBe(organization.id);
  });
});

describe("POST /api/auth/organization/leave", () => {
  it("clears the organization left from the cookie and from the member's other browsers", async () => {
    const { organization } = await organizationWithOwner(server);
    const member = await memberWithRole(server, organization.id, "admin");
    const phone = await secondBrowser(member.email, member.password);
    await phone.auth.organization.setActive({ organizationId: organization.id });

    const response = await member.client.post("/api/auth/organization/leave", { organizationId: organization.id });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: member.memberId, userId: member.userId, organizationId: organization.id });
    expect(await cachedActiveOrganization(member.client)).toBeNull();
    expect((await liveSession(phone))?.session.activeOrganizationId).toBeNull();
  });
});

describe("POST /api/auth/organization/remove-member", () => {
  it("clears the organization from the removed member's sessions", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const member = await memberWithRole(server, organization.id, "member");
    const response = await owner.client.post("/api/auth/organization/remove-member", { memberIdOrEmail: member.memberId });
    expect(response.status).toBe(200);
    expect((await liveSession(member.client))?.session.activeOrganizationId).toBeNull();
    // The remover's own session is untouched.
    expect(await cachedActiveOrganization(owner.client)).toBe(organization.id);
  });

  it("refreshes the cookie of an owner who removes themselves", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    await memberWithRole(server, organization.id, "owner");
    const me = (await (await owner.client.fetch("/api/auth/organization/get-active-member")).json()).id;
    const response = await owner.client.post("/api/auth/organization/remove-member", { memberIdOrEmail: me });
    expect(response.status).toBe(200);
    expect(await cachedActiveOrganization(owner.client)).toBeNull();
  });
});

describe("POST /api/auth/organization/accept-invitation", () => {
  it("makes the organization joined active in the invitee's cookie", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const invitee = await signedInUser(server);
    expect(await cachedActiveOrganization(invitee.client)).toBeNull();
    const invitation = await (
      await owner.client.post("/api/auth/organization/invite-member", { email: invitee.email, role: "member" })
    ).json();
    const response = await invitee.client.post("/api/auth/organization/accept-invitation", { invitationId: invitation.id });
    expect(response.status).toBe(200);
    expect(await cachedActiveOrganization(invitee.client)).toBe(organization.id);
  });
});
