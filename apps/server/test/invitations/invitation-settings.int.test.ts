import { describe, expect, it } from "vitest";
import { freezeDate, HOUR, uniqueEmail } from "../support/fixtures.ts";
import { organizationWithOwner } from "../support/organizations.ts";
import { linkIn } from "../support/smtp-inbox.ts";
import { useTestServer } from "../support/test-server.ts";
import { acceptInvitation, getInvitation, invitationMailTo, invite, listUserInvitations, rejectInvitation } from "./invitations.ts";

/**
 * A server with a one-hour INVITATION_EXPIRES_IN, where people may sign in before verifying their
 * address (REQUIRE_EMAIL_VERIFICATION=false): the invitation still asks for a verified address.
 */

const server = useTestServer({ INVITATION_EXPIRES_IN: "3600", REQUIRE_EMAIL_VERIFICATION: "false" });

describe("INVITATION_EXPIRES_IN", () => {
  it("sets how long a new invitation lasts, and the mail says so", async () => {
    const { owner } = await organizationWithOwner(server);
    const email = uniqueEmail("invitee");
    const now = freezeDate();

    const invitation = await invite(owner.client, email);

    expect(new Date(invitation.expiresAt).getTime()).toBe(now + HOUR);
    expect((await invitationMailTo(server, email))?.text).toContain("The invitation is valid for 1 hour.");
  });
});

describe("an invitee whose address is not verified yet", () => {
  it("can neither see, list, accept nor reject the invitation until they verify it (403)", async () => {
    const { owner } = await organizationWithOwner(server);
    const email = uniqueEmail("unverified");
    const client = server.client();
    const signUp = await client.auth.signUp.email({ email, password: "correct horse battery", name: "Unverified" });
    expect(signUp.error).toBeNull();
    const invitation = await invite(owner.client, email);

    const viewOrList = {
      code: "EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION",
      message: "Email verification required to view or list invitations for the session email",
    };
    const answer = {
      code: "EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION",
      message: "Email verification required before accepting or rejecting invitation",
    };
    expect(await getInvitation(client, invitation.id)).toEqual({ status: 403, body: viewOrList });
    expect(await listUserInvitations(client)).toEqual({ status: 403, body: viewOrList });
    expect(await acceptInvitation(client, invitation.id)).toEqual({ status: 403, body: answer });
    expect(await rejectInvitation(client, invitation.id)).toEqual({ status: 403, body: answer });

    await server.drainJobs();
    const verification = server.inbox.to(email).find((mail) => mail.subject === "Verify your email address");
    await client.fetch(linkIn(verification));
    expect((await acceptInvitation(client, invitation.id)).status).toBe(200);
  });
});
