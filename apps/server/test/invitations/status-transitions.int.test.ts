import { describe, expect, it, vi } from "vitest";
import type { BrowserClient } from "../support/auth-client.ts";
import { DAY, freezeDate, SECOND } from "../support/fixtures.ts";
import { organizationWithOwner } from "../support/organizations.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";
import {
  acceptInvitation,
  cancelInvitation,
  getInvitation,
  type Invitation,
  invite,
  NOT_FOUND,
  NOT_FOUND_LITERAL,
  rejectInvitation,
  statusOf,
} from "./invitations.ts";

/**
 * SPEC §4: pending → accepted (the invitee accepts), rejected (the recipient rejects) or canceled
 * (a permitted member cancels); an invitation counts as found only while pending and not expired.
 * Whatever ended it, every invitation call then answers "not found" and the status stays as it was.
 */

const server = useTestServer();

async function pendingInvitation() {
  const { owner } = await organizationWithOwner(server);
  const invitee = await signedInUser(server);
  const invitation = await invite(owner.client, invitee.email);
  return { owner, invitee, invitation };
}

/** get, accept, reject (by the invitee) and cancel (by the owner) all answer 400 "not found". */
async function expectGone(owner: BrowserClient, invitee: BrowserClient, invitation: Invitation) {
  expect(await getInvitation(invitee, invitation.id)).toEqual({ status: 400, body: NOT_FOUND_LITERAL });
  expect(await acceptInvitation(invitee, invitation.id)).toEqual({ status: 400, body: NOT_FOUND });
  expect(await rejectInvitation(invitee, invitation.id)).toEqual({ status: 400, body: NOT_FOUND_LITERAL });
  expect(await cancelInvitation(owner, invitation.id)).toEqual({ status: 400, body: NOT_FOUND });
}

describe("invitation status transitions", () => {
  it("pending → accepted: afterwards it is not found, and stays accepted", async () => {
    const { owner, invitee, invitation } = await pendingInvitation();
    expect((await acceptInvitation(invitee.client, invitation.id)).status).toBe(200);

    await expectGone(owner.client, invitee.client, invitation);
    // better-auth 1.7.7 would let the owner turn the accepted invitation into a canceled one.
    expect(await statusOf(owner.client, invitation)).toBe("accepted");
  });

  it("pending → rejected: afterwards it is not found, and stays rejected", async () => {
    const { owner, invitee, invitation } = await pendingInvitation();
    expect((await rejectInvitation(invitee.client, invitation.id)).status).toBe(200);

    await expectGone(owner.client, invitee.client, invitation);
    expect(await statusOf(owner.client, invitation)).toBe("rejected");
  });

  it("pending → canceled: afterwards it is not found, and stays canceled", async () => {
    const { owner, invitee, invitation } = await pendingInvitation();
    expect((await cancelInvitation(owner.client, invitation.id)).status).toBe(200);

    await expectGone(owner.client, invitee.client, invitation);
    expect(await statusOf(owner.client, invitation)).toBe("canceled");
  });

  it("pending past its expiry: not found by any call, and left pending", async () => {
    const start = freezeDate();
    const { owner, invitee, invitation } = await pendingInvitation();

    vi.setSystemTime(start + 2 * DAY + SECOND);
    await expectGone(owner.client, invitee.client, invitation);
    expect(await statusOf(owner.client, invitation)).toBe("pending");
  });
});
