import { describe, expect, it } from "vitest";
import { organizationWithOwner } from "../support/organizations.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";

/** ORGANIZATION_MEMBERSHIP_LIMIT: the owner plus one more. */
const server = useTestServer({ ORGANIZATION_MEMBERSHIP_LIMIT: "2" });

async function invited(owner: Awaited<ReturnType<typeof organizationWithOwner>>["owner"]) {
  const invitee = await signedInUser(server);
  const response = await owner.client.post("/api/auth/organization/invite-member", { email: invitee.email, role: "member" });
  expect(response.status).toBe(200);
  return { ...invitee, invitationId: (await response.json()).id as string };
}

const memberCount = async (organizationId: string) =>
  (await server.deps.db.selectFrom("member").select("id").where("organizationId", "=", organizationId).execute()).length;

describe("POST /api/auth/organization/accept-invitation at the membership limit", () => {
  it("refuses a member past the limit with 403 'Organization membership limit reached'", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const first = await invited(owner);
    const second = await invited(owner);
    expect((await first.client.post("/api/auth/organization/accept-invitation", { invitationId: first.invitationId })).status).toBe(200);
    const response = await second.client.post("/api/auth/organization/accept-invitation", { invitationId: second.invitationId });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED",
      message: "Organization membership limit reached",
    });
    expect(await memberCount(organization.id)).toBe(2);
  });

  it("lets exactly one of two simultaneous acceptances in", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const invitees = [await invited(owner), await invited(owner), await invited(owner)];
    const answers = await Promise.all(
      invitees.map((invitee) => invitee.client.post("/api/auth/organization/accept-invitation", { invitationId: invitee.invitationId })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403]);
    for (const refused of answers.filter((a) => a.status === 403)) {
      expect(await refused.json()).toMatchObject({ message: "Organization membership limit reached" });
    }
    expect(await memberCount(organization.id)).toBe(2);
    // The refused invitations stay pending: a place may free up.
    const statuses = await server.deps.db.selectFrom("invitation").select("status").where("organizationId", "=", organization.id).execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(["accepted", "pending", "pending"]);
  });

  it("takes acceptances as JSON only, so a form-encoded one cannot slip past the serialization", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const invitee = await invited(owner);
    const response = await invitee.client.fetch("/api/auth/organization/accept-invitation", {
      method: "POST",
      headers: { "content-type": "text/x-application/json, application/x-www-form-urlencoded" },
      body: `invitationId=${invitee.invitationId}`,
    });
    expect(response.status).toBe(415);
    expect(await memberCount(organization.id)).toBe(1);
  });

  it("does not hold back acceptances into different organizations", async () => {
    const a = await organizationWithOwner(server, "A");
    const b = await organizationWithOwner(server, "B");
    const [intoA, intoB] = [await invited(a.owner), await invited(b.owner)];
    const answers = await Promise.all([
      intoA.client.post("/api/auth/organization/accept-invitation", { invitationId: intoA.invitationId }),
      intoB.client.post("/api/auth/organization/accept-invitation", { invitationId: intoB.invitationId }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
  });
});
