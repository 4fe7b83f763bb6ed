import { describe, expect, it } from "vitest";
import { memberWithRole, organizationWithOwner } from "../support/organizations.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";

const server = useTestServer();

const memberRow = (id: string) => server.deps.db.selectFrom("member").selectAll().where("id", "=", id).executeTakeFirst();
const ownMemberId = async (client: Awaited<ReturnType<typeof signedInUser>>["client"]) =>
  (await (await client.fetch("/api/auth/organization/get-active-member")).json()).id as string;

describe("POST /api/auth/organization/leave", () => {
  it("refuses the only owner with 400 'You cannot leave the organization as the only owner'", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    await memberWithRole(server, organization.id, "admin");
    const response = await owner.client.post("/api/auth/organization/leave", { organizationId: organization.id });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "You cannot leave the organization as the only owner" });
  });

  it("lets one of two owners leave", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    await memberWithRole(server, organization.id, "owner");
    const response = await owner.client.post("/api/auth/organization/leave", { organizationId: organization.id });
    expect(response.status).toBe(200);
    expect((await owner.client.auth.organization.list()).data).toEqual([]);
  });

  it("answers 400 'Member not found' to someone outside the organization", async () => {
    const { organization } = await organizationWithOwner(server);
    const { client } = await signedInUser(server);
    const response = await client.post("/api/auth/organization/leave", { organizationId: organization.id });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Member not found" });
  });
});

describe("POST /api/auth/organization/remove-member", () => {
  it("removes a member given by id and answers the removed member", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const member = await memberWithRole(server, organization.id, "member");
    const response = await owner.client.post("/api/auth/organization/remove-member", { memberIdOrEmail: member.memberId });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      member: { id: member.memberId, userId: member.userId, organizationId: organization.id },
    });
    expect(await memberRow(member.memberId)).toBeUndefined();
  });

  it("removes a member given by email, whatever its case", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const member = await memberWithRole(server, organization.id, "member");
    const response = await owner.client.post("/api/auth/organization/remove-member", {
      memberIdOrEmail: member.email.toUpperCase(),
      organizationId: organization.id,
    });
    expect(response.status).toBe(200);
    expect(await memberRow(member.memberId)).toBeUndefined();
  });

  it("answers 400 'Member not found' for a member of another organization, given by id, and leaves them be", async () => {
    const { owner } = await organizationWithOwner(server);
    const elsewhere = await organizationWithOwner(server, "Elsewhere");
    const theirOwner = await ownMemberId(elsewhere.owner.client);
    const theirMember = await memberWithRole(server, elsewhere.organization.id, "member");
    for (const memberIdOrEmail of [theirOwner, theirMember.memberId]) {
      const response = await owner.client.post("/api/auth/organization/remove-member", { memberIdOrEmail });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: "MEMBER_NOT_FOUND", message: "Member not found" });
    }
    expect(await memberRow(theirOwner)).toBeDefined();
    expect(await memberRow(theirMember.memberId)).toBeDefined();
  });

  it("answers 400 'Member not found' for an email that is not a member's", async () => {
    const { owner } = await organizationWithOwner(server);
    const outsider = await signedInUser(server);
    const response = await owner.client.post("/api/auth/organization/remove-member", { memberIdOrEmail: outsider.email });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Member not found" });
  });

  it("refuses to remove the only owner with 400", async () => {
    const { owner } = await organizationWithOwner(server);
    const response = await owner.client.post("/api/auth/organization/remove-member", { memberIdOrEmail: owner.email });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "You cannot leave the organization as the only owner" });
  });

  it("refuses an admin who tries to remove an owner with 403 'You are not allowed to delete this member'", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    await memberWithRole(server, organization.id, "owner");
    const admin = await memberWithRole(server, organization.id, "admin");
    const response = await admin.client.post("/api/auth/organization/remove-member", { memberIdOrEmail: owner.email });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER",
      message: "You are not allowed to delete this member",
    });
  });
});

describe("POST /api/auth/organization/update-member-role", () => {
  it("lets the owner make a member an admin", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const member = await memberWithRole(server, organization.id, "member");
    const response = await owner.client.post("/api/auth/organization/update-member-role", { memberId: member.memberId, role: "admin" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: member.memberId, role: "admin" });
  });

  it("stores a list of roles comma-separated", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const member = await memberWithRole(server, organization.id, "member");
    const response = await owner.client.post("/api/auth/organization/update-member-role", {
      memberId: member.memberId,
      role: ["member", "admin"],
    });
    expect(response.status).toBe(200);
    expect((await memberRow(member.memberId))?.role).toBe("member,admin");
  });

  it("refuses an admin who tries to make someone an owner with 403", async () => {
    const { organization } = await organizationWithOwner(server);
    const admin = await memberWithRole(server, organization.id, "admin");
    const member = await memberWithRole(server, organization.id, "member");
    const response = await admin.client.post("/api/auth/organization/update-member-role", { memberId: member.memberId, role: "owner" });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: "You are not allowed to update this member" });
  });

  it("refuses a role that does not exist with 400 ROLE_NOT_FOUND", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const member = await memberWithRole(server, organization.id, "member");
    const response = await owner.client.post("/api/auth/organization/update-member-role", { memberId: member.memberId, role: "superuser" });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("ROLE_NOT_FOUND");
  });

  it("refuses the only owner stepping down with 400", async () => {
    const { owner } = await organizationWithOwner(server);
    const response = await owner.client.post("/api/auth/organization/update-member-role", {
      memberId: await ownMemberId(owner.client),
      role: "admin",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "You cannot leave the organization without an owner" });
  });

  it("refuses to update a member of another organization with 403", async () => {
    const { owner } = await organizationWithOwner(server);
    const elsewhere = await organizationWithOwner(server, "Elsewhere");
    const theirMember = await memberWithRole(server, elsewhere.organization.id, "member");
    const response = await owner.client.post("/api/auth/organization/update-member-role", {
      memberId: theirMember.memberId,
      role: "admin",
    });
    expect(response.status).toBe(403);
    expect((await memberRow(theirMember.memberId))?.role).toBe("member");
  });
});
