import { describe, expect, it, vi } from "vitest";
import { DAY, freezeDate, uniqueEmail } from "../support/fixtures.ts";
import { memberWithRole, organizationWithOwner, quietMember } from "../support/organizations.ts";
import { linkIn } from "../support/smtp-inbox.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";
import { getInvitation, invitationMailTo, invite, inviteMember, listInvitations, NOT_FOUND_LITERAL } from "./invitations.ts";

/** Inviting people into an organization by email (SPEC §3 Invitation, §4, §6; issue 4 item 2). */

const server = useTestServer();

describe("POST /api/auth/organization/invite-member", () => {
  it("stores a pending invitation for the lowercased address, valid for 2 days", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const address = uniqueEmail("Mixed.Case").toUpperCase();
    const now = freezeDate();

    const invitation = await invite(owner.client, address, "member");

    expect(invitation).toMatchObject({
      email: address.toLowerCase(),
      role: "member",
      status: "pending",
      organizationId: organization.id,
      inviterId: owner.userId,
      teamId: null,
    });
    expect(new Date(invitation.expiresAt).getTime()).toBe(now + 2 * DAY);
  });

  it("mails the invitee, through the outbox, a link to the accept page", async () => {
    const { owner } = await organizationWithOwner(server, "Mailco");
    const email = uniqueEmail("invitee");

    const invitation = await invite(owner.client, email, ["admin", "member"]);

    // Written to the outbox with the invitation; only the worker sends it.
    expect(server.inbox.to(email)).toEqual([]);
    const mail = await invitationMailTo(server, email);
    expect(mail?.subject).toBe("You are invited to join Mailco");
    expect(mail?.text).toContain("Mailco Owner invited you to join Mailco on Gatehouse as admin, member.");
    expect(mail?.text).toContain("The invitation is valid for 2 days.");
    expect(linkIn(mail)).toBe(`${server.url}/accept-invitation/${invitation.id}`);
  });

  it("invites into a team when teamId is given, and refuses an unknown team with 400", async () => {
    const { owner } = await organizationWithOwner(server);
    const team = await owner.client.auth.organization.createTeam({ name: "Design" });
    if (team.error) throw new Error(team.error.message);

    const invitation = await invite(owner.client, uniqueEmail("designer"), "member", { teamId: team.data.id });
    expect(invitation.teamId).toBe(team.data.id);

    const unknown = await inviteMember(owner.client, { email: uniqueEmail("nobody"), role: "member", teamId: "no-such-team" });
    expect(unknown).toEqual({ status: 400, body: { code: "TEAM_NOT_FOUND", message: "Team not found" } });
  });

  it("lets an owner grant any role, an admin every role but owner", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const admin = await memberWithRole(server, organization.id, "admin");

    await invite(owner.client, uniqueEmail("new-owner"), "owner");
    await invite(admin.client, uniqueEmail("new-admin"), "admin");
    await invite(admin.client, uniqueEmail("new-member"), "member");
    for (const role of ["owner", ["admin", "owner"]]) {
      expect(await inviteMember(admin.client, { email: uniqueEmail("escalation"), role })).toEqual({
        status: 403,
        body: { code: "YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE", message: "You are not allowed to invite a user with this role" },
      });
    }
  });

  it("refuses a plain member with 403 (SPEC §6: members may not create invitations)", async () => {
    const { organization } = await organizationWithOwner(server);
    const member = await memberWithRole(server, organization.id, "member");

    expect(await inviteMember(member.client, { email: uniqueEmail("friend"), role: "member" })).toEqual({
      status: 403,
      body: {
        code: "YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION",
        message: "You are not allowed to invite users to this organization",
      },
    });
  });

  it("refuses a role the organization does not have with 400 Role not found", async () => {
    const { owner } = await organizationWithOwner(server);
    const { status, body } = await inviteMember(owner.client, { email: uniqueEmail("x"), role: "superuser" });
    expect(status).toBe(400);
    expect(body).toEqual({ code: "ROLE_NOT_FOUND", message: "Role not found: superuser" });
  });

  it("refuses to invite someone who is already a member, whatever the letter case of the address", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const member = await quietMember(server, organization.id);

    for (const email of [member.email.toUpperCase(), owner.email]) {
      expect(await inviteMember(owner.client, { email, role: "admin" })).toEqual({
        status: 400,
        body: { code: "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION", message: "User is already a member of this organization" },
      });
    }
  });

  it("re-inviting replaces the pending invitation: the first is canceled and its link stops working", async () => {
    const { owner } = await organizationWithOwner(server);
    const bob = await signedInUser(server);

    const first = await invite(owner.client, bob.email, "member");
    const second = await invite(owner.client, bob.email.toUpperCase(), "admin");

    expect(second.id).not.toBe(first.id);
    const { body: listed } = await listInvitations(owner.client);
    expect(listed.filter((i) => i.email === bob.email).map((i) => [i.id, i.status])).toEqual(
      expect.arrayContaining([
        [first.id, "canceled"],
        [second.id, "pending"],
      ]),
    );
    expect(await getInvitation(bob.client, first.id)).toEqual({ status: 400, body: NOT_FOUND_LITERAL });
    expect((await getInvitation(bob.client, second.id)).body).toMatchObject({ id: second.id, role: "admin" });
    await server.drainJobs();
    // One mail per invitation; the worker may deliver them in either order.
    const invitationMails = server.inbox.to(bob.email).filter((mail) => mail.subject.startsWith("You are invited"));
    expect(invitationMails.map(linkIn).sort()).toEqual(
      [`${server.url}/accept-invitation/${first.id}`, `${server.url}/accept-invitation/${second.id}`].sort(),
    );
  });

  it("with resend: true, keeps the pending invitation, restarts its 2 days and mails it again", async () => {
    const { owner } = await organizationWithOwner(server);
    const email = uniqueEmail("slow-reader");
    const start = freezeDate();
    const first = await invite(owner.client, email);

    vi.setSystemTime(start + DAY);
    const again = await invite(owner.client, email, "member", { resend: true });

    expect(again.id).toBe(first.id);
    expect(new Date(again.expiresAt).getTime()).toBe(start + 3 * DAY);
    await server.drainJobs();
    expect(server.inbox.to(email).map(linkIn)).toEqual([
      `${server.url}/accept-invitation/${first.id}`,
      `${server.url}/accept-invitation/${first.id}`,
    ]);
  });

  it("answers 400 for an address that is not an email", async () => {
    const { owner } = await organizationWithOwner(server);
    const { status, body } = await inviteMember(owner.client, { email: "not-an-email", role: "member" });
    expect(status).toBe(400);
    expect(body.code).toBe("INVALID_EMAIL");
  });

  it("answers 400 Organization not found without organizationId or an active organization", async () => {
    const loner = await signedInUser(server);
    expect(await inviteMember(loner.client, { email: uniqueEmail("x"), role: "member" })).toEqual({
      status: 400,
      body: { code: "ORGANIZATION_NOT_FOUND", message: "Organization not found" },
    });
  });

  it("answers 400 Member not found for an organization the caller does not belong to", async () => {
    const { organization } = await organizationWithOwner(server);
    const outsider = await signedInUser(server);
    expect(await inviteMember(outsider.client, { email: uniqueEmail("x"), role: "member", organizationId: organization.id })).toEqual({
      status: 400,
      body: { code: "MEMBER_NOT_FOUND", message: "Member not found" },
    });
  });

  it("answers 401 without a session", async () => {
    const { organization } = await organizationWithOwner(server);
    const { status } = await inviteMember(server.client(), { email: uniqueEmail("x"), role: "member", organizationId: organization.id });
    expect(status).toBe(401);
  });
});
