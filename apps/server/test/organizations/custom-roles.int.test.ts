import { describe, expect, it } from "vitest";
import type { BrowserClient } from "../support/auth-client.ts";
import { memberWithRole, organizationWithOwner, quietMember } from "../support/organizations.ts";
import { useTestServer } from "../support/test-server.ts";

/**
 * Custom roles per organization (better-auth's dynamic access control): owners manage them,
 * admins and members may only read them, and a member holding one gets exactly its permissions.
 */
const server = useTestServer({ ORGANIZATION_MAX_CUSTOM_ROLES: "3" });

const createRole = (client: BrowserClient, role: string, permission: Record<string, string[]>) =>
  client.post("/api/auth/organization/create-role", { role, permission });

describe("POST /api/auth/organization/create-role", () => {
  it("lets the owner create a role, which every member can then read", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const response = await createRole(owner.client, "Auditor", { team: ["create"] });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      roleData: { role: "auditor", organizationId: organization.id, permission: { team: ["create"] } },
    });

    for (const role of ["admin", "member"]) {
      const reader = await memberWithRole(server, organization.id, role);
      const list = await reader.client.fetch("/api/auth/organization/list-roles");
      expect(list.status).toBe(200);
      expect(await list.json()).toEqual([expect.objectContaining({ role: "auditor", permission: { team: ["create"] } })]);
      const one = await reader.client.fetch("/api/auth/organization/get-role?roleName=auditor");
      expect(one.status).toBe(200);
      expect(await one.json()).toMatchObject({ role: "auditor" });
    }
  });

  it.each(["admin", "member"])("refuses a role created by the role %s with 403", async (role) => {
    const { organization } = await organizationWithOwner(server);
    const someone = await memberWithRole(server, organization.id, role);
    const response = await createRole(someone.client, "sneaky", { team: ["create"] });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE",
      message: "You are not allowed to create a role",
    });
  });

  it("refuses the name of a predefined role with 400", async () => {
    const { owner } = await organizationWithOwner(server);
    const response = await createRole(owner.client, "Admin", { team: ["create"] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "ROLE_NAME_IS_ALREADY_TAKEN" });
  });

  it("refuses a permission on a resource that does not exist with 400", async () => {
    const { owner } = await organizationWithOwner(server);
    const response = await createRole(owner.client, "billing", { invoices: ["create"] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "INVALID_RESOURCE" });
  });

  it("refuses more roles than ORGANIZATION_MAX_CUSTOM_ROLES with 400", async () => {
    const { owner } = await organizationWithOwner(server);
    for (const name of ["one", "two", "three"]) expect((await createRole(owner.client, name, { team: ["create"] })).status).toBe(200);
    const response = await createRole(owner.client, "four", { team: ["create"] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "TOO_MANY_ROLES", message: "This organization has too many roles" });
  });
});

describe("a member holding a custom role", () => {
  it("gets exactly that role's permissions, and new ones when the owner updates it", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    expect((await createRole(owner.client, "team-lead", { team: ["create", "update"] })).status).toBe(200);
    const lead = await memberWithRole(server, organization.id, "team-lead");

    const team = await lead.client.post("/api/auth/organization/create-team", { name: "Led" });
    expect(team.status).toBe(200);
    const teamId = (await team.json()).id;
    expect((await lead.client.post("/api/auth/organization/update-team", { teamId, data: { name: "Led well" } })).status).toBe(200);
    // Not granted: deleting teams, updating the organization, inviting, removing members.
    expect((await lead.client.post("/api/auth/organization/remove-team", { teamId })).status).toBe(403);
    expect((await lead.client.post("/api/auth/organization/update", { data: { name: "Mine" } })).status).toBe(403);
    expect((await lead.client.post("/api/auth/organization/invite-member", { email: "friend@example.com", role: "member" })).status).toBe(
      403,
    );
    const someone = await quietMember(server, organization.id);
    expect((await lead.client.post("/api/auth/organization/remove-member", { memberIdOrEmail: someone.memberId })).status).toBe(403);

    const updated = await owner.client.post("/api/auth/organization/update-role", {
      roleName: "team-lead",
      data: { permission: { team: ["create", "update", "delete"] } },
    });
    expect(updated.status).toBe(200);
    const removed = await lead.client.post("/api/auth/organization/remove-team", { teamId });
    expect(removed.status).toBe(200);
  });

  it("combined with a predefined role gets the union of both", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    expect((await createRole(owner.client, "recruiter", { invitation: ["create"] })).status).toBe(200);
    const both = await memberWithRole(server, organization.id, "member,recruiter");
    expect((await both.client.post("/api/auth/organization/invite-member", { email: "hire@example.com", role: "member" })).status).toBe(
      200,
    );
    expect((await both.client.post("/api/auth/organization/create-team", { name: "No" })).status).toBe(403);
  });

  it("can be given the role by update-member-role", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    expect((await createRole(owner.client, "support", { member: ["update"] })).status).toBe(200);
    const target = await quietMember(server, organization.id);
    const response = await owner.client.post("/api/auth/organization/update-member-role", { memberId: target.memberId, role: "support" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ role: "support" });
  });
});

describe("POST /api/auth/organization/update-role and delete-role", () => {
  it.each(["admin", "member"])("refuses the role %s updating or deleting a role with 403", async (role) => {
    const { owner, organization } = await organizationWithOwner(server);
    await createRole(owner.client, "reviewer", { team: ["update"] });
    const someone = await memberWithRole(server, organization.id, role);
    const update = await someone.client.post("/api/auth/organization/update-role", {
      roleName: "reviewer",
      data: { permission: { team: ["delete"] } },
    });
    expect(update.status).toBe(403);
    expect(await update.json()).toMatchObject({ message: "You are not allowed to update a role" });
    const remove = await someone.client.post("/api/auth/organization/delete-role", { roleName: "reviewer" });
    expect(remove.status).toBe(403);
    expect(await remove.json()).toMatchObject({ message: "You are not allowed to delete a role" });
  });

  it("lets the owner delete an unused role", async () => {
    const { owner } = await organizationWithOwner(server);
    await createRole(owner.client, "temporary", { team: ["create"] });
    const response = await owner.client.post("/api/auth/organization/delete-role", { roleName: "temporary" });
    expect(response.status).toBe(200);
    expect(await (await owner.client.fetch("/api/auth/organization/list-roles")).json()).toEqual([]);
  });

  it("refuses to delete a predefined role with 400", async () => {
    const { owner } = await organizationWithOwner(server);
    const response = await owner.client.post("/api/auth/organization/delete-role", { roleName: "admin" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Cannot delete a pre-defined role" });
  });

  it("refuses to delete a role held by a member with 400", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    await createRole(owner.client, "held", { team: ["create"] });
    await quietMember(server, organization.id, "member,held");
    const response = await owner.client.post("/api/auth/organization/delete-role", { roleName: "held" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "ROLE_IS_ASSIGNED_TO_MEMBERS" });
  });
});
