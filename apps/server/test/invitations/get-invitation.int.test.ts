import { describe, expect, it } from "vitest";
import { memberWithRole, organizationWithOwner } from "../support/organizations.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";
import { getInvitation, invite, NOT_AUTHENTICATED, NOT_FOUND_LITERAL, NOT_RECIPIENT } from "./invitations.ts";

/** What the accept page shows: SPEC §5 get-invitation rules, §7 answer, §8 messages. */

const server = useTestServer();

describe("GET /api/auth/organization/get-invitation", () => {
  it("shows the recipient the invitation with the organization's name and slug and the inviter's email", async () => {
    const { owner, organization } = await organizationWithOwner(server, "Globex");
    const invitee = await signedInUser(server);
    const invitation = await invite(owner.client, invitee.email, "admin");

    const { status, body } = await getInvitation(invitee.client, invitation.id);

    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: invitation.id,
      email: invitee.email,
      role: "admin",
      organizationId: organization.id,
      inviterId: owner.userId,
      status: "pending",
      expiresAt: invitation.expiresAt,
      organizationName: "Globex",
      organizationSlug: organization.slug,
      inviterEmail: owner.email,
    });
  });

  it("matches the recipient's email ignoring letter case", async () => {
    const { owner } = await organizationWithOwner(server);
    const invitee = await signedInUser(server);
    const invitation = await invite(owner.client, invitee.email);
    await server.deps.db.updateTable("invitation").set({ email: invitee.email.toUpperCase() }).where("id", "=", invitation.id).execute();

    expect((await getInvitation(invitee.client, invitation.id)).status).toBe(200);
  });

  it("refuses any other signed-in person, members of the organization included, with 403", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const admin = await memberWithRole(server, organization.id, "admin");
    const stranger = await signedInUser(server);
    const invitation = await invite(owner.client, (await signedInUser(server)).email);

    for (const client of [stranger.client, admin.client, owner.client]) {
      expect(await getInvitation(client, invitation.id)).toEqual({ status: 403, body: NOT_RECIPIENT });
    }
  });

  it("answers 400 'Invitation not found!' for an id that does not exist", async () => {
    const someone = await signedInUser(server);
    expect(await getInvitation(someone.client, "no-such-invitation")).toEqual({ status: 400, body: NOT_FOUND_LITERAL });
  });

  it("answers 401 'Not authenticated' without a session", async () => {
    const { owner } = await organizationWithOwner(server);
    const invitation = await invite(owner.client, (await signedInUser(server)).email);

    expect(await getInvitation(server.client(), invitation.id)).toEqual({ status: 401, body: NOT_AUTHENTICATED });
  });

  it("answers 400 once the inviter is no longer a member of the organization", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const admin = await memberWithRole(server, organization.id, "admin");
    const invitee = await signedInUser(server);
    const invitation = await invite(admin.client, invitee.email);

    const removed = await owner.client.auth.organization.removeMember({ memberIdOrEmail: admin.memberId, organizationId: organization.id });
    expect(removed.error).toBeNull();

    expect(await getInvitation(invitee.client, invitation.id)).toEqual({
      status: 400,
      body: { code: "INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION", message: "Inviter is no longer a member of the organization" },
    });
  });

  it("answers 400 'Invitation not found!' once the organization is deleted (its invitations go with it)", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const invitee = await signedInUser(server);
    const invitation = await invite(owner.client, invitee.email);

    const deleted = await owner.client.auth.organization.delete({ organizationId: organization.id });
    expect(deleted.error).toBeNull();

    expect(await getInvitation(invitee.client, invitation.id)).toEqual({ status: 400, body: NOT_FOUND_LITERAL });
  });
});
