import { describe, expect, it } from "vitest";
import { auditRows } from "../audit/audit-support.ts";
import { inviteMember } from "../invitations/invitations.ts";
import type { BrowserClient } from "../support/auth-client.ts";
import { uniqueEmail } from "../support/fixtures.ts";
import { memberWithRole, organizationWithOwner, quietMember } from "../support/organizations.ts";
import { useTestServer } from "../support/test-server.ts";

/**
 * Who may grant which role (SPEC §6: an admin may update the organization but not delete it; only
 * owners manage custom roles): a member grants, by invitation or role update, only roles whose
 * permissions they hold themselves. better-auth alone stops non-owners granting "owner" only, so an
 * admin could hand out an owner-made custom role that deletes the organization.
 */
const server = useTestServer();

const ORG = "/api/auth/organization";
const CANNOT_INVITE = {
  code: "YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE",
  message: "You are not allowed to invite a user with this role",
};
const CANNOT_UPDATE = { code: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER", message: "You are not allowed to update this member" };

/** Custom roles an owner defines: two with rights an admin lacks, one an admin has too. */
const CUSTOM_ROLES = {
  deleter: { organization: ["delete"] },
  "role-admin": { ac: ["create"] },
  "team-maker": { team: ["create"] },
};

/** An organization with the custom roles above, its owner, and an admin. */
async function organizationWithCustomRoles() {
  const { owner, organization } = await organizationWithOwner(server);
  for (const [role, permission] of Object.entries(CUSTOM_ROLES)) {
    const created = await owner.client.post(`${ORG}/create-role`, { role, permission });
    expect(created.status, role).toBe(200);
  }
  const admin = await memberWithRole(server, organization.id, "admin");
  return { owner, organization, admin };
}

const updateRole = async (client: BrowserClient, memberId: string, role: string | string[]) => {
  const response = await client.post(`${ORG}/update-member-role`, { memberId, role });
  return { status: response.status, body: await response.json() };
};

const roleOf = async (memberId: string) =>
  (await server.deps.db.selectFrom("member").select("role").where("id", "=", memberId).executeTakeFirstOrThrow()).role;
const invitationsTo = (email: string) =>
  server.deps.db.selectFrom("invitation").select(["role", "status"]).where("email", "=", email).execute();
const memberIdOf = async (userId: string) =>
  (await server.deps.db.selectFrom("member").select("id").where("userId", "=", userId).executeTakeFirstOrThrow()).id;

describe("POST /api/auth/organization/invite-member", () => {
  it.each<[string, string | string[]]>([
    ["a custom role that deletes the organization", "deleter"],
    ["a custom role that creates roles", "role-admin"],
    ["a list adding such a role to member", "member,deleter"],
    ["the same list as an array", ["member", "deleter"]],
    ["owner hidden behind a space in a list", "member, owner"],
  ])("refuses an admin granting %s with 403, and stores no invitation", async (_, role) => {
    const { admin } = await organizationWithCustomRoles();
    const email = uniqueEmail("invitee");
    expect(await inviteMember(admin.client, { email, role })).toEqual({ status: 403, body: CANNOT_INVITE });
    expect(await invitationsTo(email)).toEqual([]);
  });

  it("lets the owner invite with any custom role or list", async () => {
    const { owner } = await organizationWithCustomRoles();
    for (const role of ["deleter", "role-admin", "member,deleter", "admin,role-admin"]) {
      const email = uniqueEmail("invitee");
      const { status, body } = await inviteMember(owner.client, { email, role });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.role).toBe(role);
    }
  });

  it("lets an admin invite with the roles whose permissions an admin holds", async () => {
    const { admin } = await organizationWithCustomRoles();
    for (const role of ["member", "admin", "team-maker", "member,team-maker"]) {
      const { status, body } = await inviteMember(admin.client, { email: uniqueEmail("invitee"), role });
      expect(status, `${role}: ${JSON.stringify(body)}`).toBe(200);
    }
  });

  it("counts what the inviter holds over all their roles: a role needing two of them is allowed", async () => {
    const { owner, organization } = await organizationWithCustomRoles();
    await owner.client.post(`${ORG}/create-role`, { role: "recruiter", permission: { invitation: ["create"], ac: ["read"] } });
    await owner.client.post(`${ORG}/create-role`, { role: "both", permission: { invitation: ["create"], team: ["create"] } });
    const recruiter = await memberWithRole(server, organization.id, "recruiter,team-maker");

    // "both" needs invitation:create (from recruiter) and team:create (from team-maker).
    for (const role of ["team-maker", "both", "recruiter"]) {
      expect((await inviteMember(recruiter.client, { email: uniqueEmail("invitee"), role })).status, role).toBe(200);
    }
    // "member" carries ac:read (recruiter has it); "admin" carries far more.
    expect((await inviteMember(recruiter.client, { email: uniqueEmail("invitee"), role: "member" })).status).toBe(200);
    expect(await inviteMember(recruiter.client, { email: uniqueEmail("invitee"), role: "admin" })).toEqual({
      status: 403,
      body: CANNOT_INVITE,
    });
  });

  it("stores an owner's list without the spaces, so the owner in it is recognised", async () => {
    const { owner } = await organizationWithCustomRoles();
    const email = uniqueEmail("co-owner");
    const { status, body } = await inviteMember(owner.client, { email, role: "member, owner" });
    expect(status).toBe(200);
    expect(body.role).toBe("member,owner");
    expect(await invitationsTo(email)).toEqual([{ role: "member,owner", status: "pending" }]);
  });

  it("still answers a plain member that they may not invite at all, and an unknown role with 400", async () => {
    const { organization, admin } = await organizationWithCustomRoles();
    const member = await memberWithRole(server, organization.id, "member");
    expect(await inviteMember(member.client, { email: uniqueEmail("invitee"), role: "deleter" })).toEqual({
      status: 403,
      body: {
        code: "YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION",
        message: "You are not allowed to invite users to this organization",
      },
    });
    expect(await inviteMember(admin.client, { email: uniqueEmail("invitee"), role: "deleter,superuser" })).toEqual({
      status: 400,
      body: { code: "ROLE_NOT_FOUND", message: "Role not found: superuser" },
    });
  });

  it("records the refused invitation in the audit log as denied", async () => {
    const { organization, admin } = await organizationWithCustomRoles();
    const email = uniqueEmail("invitee");
    expect((await inviteMember(admin.client, { email, role: "deleter" })).status).toBe(403);

    const rows = await auditRows(server, { action: "invitation.create", actorUserId: admin.userId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "denied", status: 403, organization_id: organization.id });
    expect(JSON.parse(rows[0]?.details ?? "{}")).toMatchObject({ email, role: "deleter", error: CANNOT_INVITE });
  });
});

describe("POST /api/auth/organization/update-member-role", () => {
  it.each(["deleter", "role-admin", "member,deleter"])("refuses an admin making a member %s with 403", async (role) => {
    const { organization, admin } = await organizationWithCustomRoles();
    const target = await quietMember(server, organization.id);
    expect(await updateRole(admin.client, target.memberId, role)).toEqual({ status: 403, body: CANNOT_UPDATE });
    expect(await roleOf(target.memberId)).toBe("member");
  });

  it.each(["deleter", "admin,role-admin", "owner"])("refuses an admin making themself %s with 403", async (role) => {
    const { admin } = await organizationWithCustomRoles();
    const ownId = await memberIdOf(admin.userId);
    expect(await updateRole(admin.client, ownId, role)).toEqual({ status: 403, body: CANNOT_UPDATE });
    expect(await roleOf(ownId)).toBe("admin");
  });

  it("lets an admin give the roles whose permissions an admin holds, themself included", async () => {
    const { organization, admin } = await organizationWithCustomRoles();
    const target = await quietMember(server, organization.id);
    for (const role of ["team-maker", "admin", "member,team-maker"]) {
      expect((await updateRole(admin.client, target.memberId, role)).status, role).toBe(200);
      expect(await roleOf(target.memberId)).toBe(role);
    }
    const ownId = await memberIdOf(admin.userId);
    expect((await updateRole(admin.client, ownId, ["admin", "team-maker"])).status).toBe(200);
    expect(await roleOf(ownId)).toBe("admin,team-maker");
  });

  it("lets the owner give any custom role", async () => {
    const { owner, organization } = await organizationWithCustomRoles();
    const target = await quietMember(server, organization.id);
    for (const role of ["deleter", "role-admin", "member,deleter"]) {
      expect((await updateRole(owner.client, target.memberId, role)).status, role).toBe(200);
      expect(await roleOf(target.memberId)).toBe(role);
    }
  });

  it("refuses an admin changing the only owner's role with 403; the owner stays owner", async () => {
    const { owner, admin } = await organizationWithCustomRoles();
    const ownerMemberId = await memberIdOf(owner.userId);
    for (const role of ["admin", "member"]) {
      expect(await updateRole(admin.client, ownerMemberId, role)).toEqual({ status: 403, body: CANNOT_UPDATE });
    }
    expect(await roleOf(ownerMemberId)).toBe("owner");
  });

  it("lets an owner demote another owner, but not the last one", async () => {
    const { owner, organization } = await organizationWithCustomRoles();
    const coOwner = await quietMember(server, organization.id, "owner");
    expect((await updateRole(owner.client, coOwner.memberId, "admin")).status).toBe(200);
    const stepDown = await updateRole(owner.client, await memberIdOf(owner.userId), "admin");
    expect(stepDown).toMatchObject({ status: 400, body: { message: "You cannot leave the organization without an owner" } });
  });

  it("records the refused update in the audit log as denied", async () => {
    const { organization, admin } = await organizationWithCustomRoles();
    const target = await quietMember(server, organization.id);
    expect((await updateRole(admin.client, target.memberId, "deleter")).status).toBe(403);

    const rows = await auditRows(server, { action: "member.update-role", actorUserId: admin.userId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "denied", status: 403, organization_id: organization.id, target_id: target.memberId });
    expect(JSON.parse(rows[0]?.details ?? "{}")).toMatchObject({ role: "deleter", error: CANNOT_UPDATE });
  });
});
