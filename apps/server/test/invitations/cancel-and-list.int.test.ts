import { describe, expect, it, vi } from "vitest";
import { DAY, freezeDate, SECOND, uniqueEmail } from "../support/fixtures.ts";
import { memberWithRole, organizationWithOwner } from "../support/organizations.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";
import {
  acceptInvitation,
  anotherOrganization,
  cancelInvitation,
  getInvitation,
  invite,
  listInvitations,
  listUserInvitations,
  NOT_AUTHENTICATED,
  NOT_FOUND,
  NOT_FOUND_LITERAL,
  rejectInvitation,
  statusOf,
} from "./invitations.ts";

/** Canceling (SPEC §4, §6 "invitation cancel") and listing invitations (SPEC §5, §7). */

const server = useTestServer();

describe("POST /api/auth/organization/cancel-invitation", () => {
  it("lets the owner and an admin cancel; answers the updated invitation, whose link then finds nothing", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const admin = await memberWithRole(server, organization.id, "admin");
    const invitee = await signedInUser(server);

    for (const canceler of [owner, admin]) {
      const invitation = await invite(owner.client, invitee.email);
      const { status, body } = await cancelInvitation(canceler.client, invitation.id);
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: invitation.id, status: "canceled", email: invitee.email });
      expect(await getInvitation(invitee.client, invitation.id)).toEqual({ status: 400, body: NOT_FOUND_LITERAL });
    }
  });

  it("refuses a plain member with 403 and leaves the invitation pending", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const member = await memberWithRole(server, organization.id, "member");
    const invitation = await invite(owner.client, uniqueEmail("invitee"));

    expect(await cancelInvitation(member.client, invitation.id)).toEqual({
      status: 403,
      body: { code: "YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION", message: "You are not allowed to cancel this invitation" },
    });
    expect(await statusOf(owner.client, invitation)).toBe("pending");
  });

  it("lets a member whose role list includes admin cancel (SPEC §6: any one role grants)", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const both = await memberWithRole(server, organization.id, "member,admin");
    const invitation = await invite(owner.client, uniqueEmail("invitee"));

    expect((await cancelInvitation(both.client, invitation.id)).status).toBe(200);
  });

  it("refuses the invitee and other outsiders with 400 Member not found", async () => {
    const { owner } = await organizationWithOwner(server);
    const invitee = await signedInUser(server);
    const invitation = await invite(owner.client, invitee.email);

    expect(await cancelInvitation(invitee.client, invitation.id)).toEqual({
      status: 400,
      body: { code: "MEMBER_NOT_FOUND", message: "Member not found" },
    });
    expect(await statusOf(owner.client, invitation)).toBe("pending");
  });

  it("answers 400 Invitation not found for an unknown id, and 401 without a session", async () => {
    const { owner } = await organizationWithOwner(server);
    const invitation = await invite(owner.client, uniqueEmail("invitee"));

    expect(await cancelInvitation(owner.client, "no-such-invitation")).toEqual({ status: 400, body: NOT_FOUND });
    expect((await cancelInvitation(server.client(), invitation.id)).status).toBe(401);
    expect(await statusOf(owner.client, invitation)).toBe("pending");
  });
});

describe("GET /api/auth/organization/list-invitations", () => {
  it("shows any member the active organization's invitations with their status", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const member = await memberWithRole(server, organization.id, "member");
    const kept = await invite(owner.client, uniqueEmail("kept"));
    const dropped = await invite(owner.client, uniqueEmail("dropped"), "admin");
    await cancelInvitation(owner.client, dropped.id);

    const { status, body } = await listInvitations(member.client);

    expect(status).toBe(200);
    expect(body.map((i) => [i.id, i.status]).sort()).toEqual(
      [
        [kept.id, "pending"],
        [dropped.id, "canceled"],
      ].sort(),
    );
    expect(body.every((i) => i.organizationId === organization.id)).toBe(true);
  });

  it("lists another organization of the caller's when given its organizationId", async () => {
    const { owner } = await organizationWithOwner(server);
    const other = await anotherOrganization(owner.client, "Second");
    const invitation = await invite(owner.client, uniqueEmail("second"), "member", { organizationId: other.id });

    const { status, body } = await listInvitations(owner.client, other.id);
    expect(status).toBe(200);
    expect(body.map((i) => i.id)).toEqual([invitation.id]);
  });

  it("answers 400 'Organization ID is required' without organizationId or an active organization", async () => {
    const loner = await signedInUser(server);
    expect(await listInvitations(loner.client)).toEqual({ status: 400, body: { message: "Organization ID is required" } });
  });

  it("answers 403 'You are not a member of this organization' to an outsider", async () => {
    const { organization } = await organizationWithOwner(server);
    const outsider = await signedInUser(server);
    expect(await listInvitations(outsider.client, organization.id)).toEqual({
      status: 403,
      body: { message: "You are not a member of this organization" },
    });
  });

  it("answers 401 'Not authenticated' without a session", async () => {
    const { organization } = await organizationWithOwner(server);
    expect(await listInvitations(server.client(), organization.id)).toEqual({ status: 401, body: NOT_AUTHENTICATED });
  });
});

describe("GET /api/auth/organization/list-user-invitations", () => {
  it("lists the signed-in person's pending invitations from every organization, with its name", async () => {
    const first = await organizationWithOwner(server, "First");
    const second = await organizationWithOwner(server, "Second");
    const invitee = await signedInUser(server);
    const a = await invite(first.owner.client, invitee.email, "admin");
    const b = await invite(second.owner.client, invitee.email.toUpperCase());
    await invite(first.owner.client, uniqueEmail("someone-else"));

    const { status, body } = await listUserInvitations(invitee.client);

    expect(status).toBe(200);
    expect(body.map((i) => [i.id, i.organizationName, i.role]).sort()).toEqual(
      [
        [a.id, "First", "admin"],
        [b.id, "Second", "member"],
      ].sort(),
    );
  });

  it("leaves out invitations accepted, rejected, canceled or expired", async () => {
    const start = freezeDate();
    const invitee = await signedInUser(server);
    const invitationFrom = async (name: string) => {
      const { owner } = await organizationWithOwner(server, name);
      return { owner, invitation: await invite(owner.client, invitee.email) };
    };
    const accepted = await invitationFrom("Accepted");
    const rejected = await invitationFrom("Rejected");
    const canceled = await invitationFrom("Canceled");
    await invitationFrom("Expired");
    vi.setSystemTime(start + DAY);
    const current = await invitationFrom("Current");
    await acceptInvitation(invitee.client, accepted.invitation.id);
    await rejectInvitation(invitee.client, rejected.invitation.id);
    await cancelInvitation(canceled.owner.client, canceled.invitation.id);

    vi.setSystemTime(start + 2 * DAY + SECOND);
    const { body } = await listUserInvitations(invitee.client);
    // "Expired" ran out a second ago (better-auth 1.7.7 still lists it); "Current" was sent a day later.
    expect(body.map((i) => i.organizationName)).toEqual(["Current"]);
    expect(body.map((i) => i.id)).toEqual([current.invitation.id]);
  });

  it("answers 401 'Not authenticated' without a session, even with an email in the query", async () => {
    for (const query of ["", `?email=${encodeURIComponent(uniqueEmail("victim"))}`]) {
      expect(await listUserInvitations(server.client(), query)).toEqual({ status: 401, body: NOT_AUTHENTICATED });
    }
  });

  it("refuses an email in the query from a browser with 400: a person sees only their own invitations", async () => {
    const someone = await signedInUser(server);
    const { status, body } = await listUserInvitations(someone.client, `?email=${encodeURIComponent(uniqueEmail("other"))}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: "User email cannot be passed for client side API calls." });
  });
});
