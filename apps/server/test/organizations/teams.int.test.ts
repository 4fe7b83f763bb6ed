import { describe, expect, it } from "vitest";
import { liveSession } from "../support/auth-client.ts";
import { memberWithRole, organizationWithOwner } from "../support/organizations.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";

const server = useTestServer();

const teamRow = (id: string) => server.deps.db.selectFrom("team").selectAll().where("id", "=", id).executeTakeFirst();

async function createTeam(client: Awaited<ReturnType<typeof signedInUser>>["client"], name: string) {
  const response = await client.post("/api/auth/organization/create-team", { name });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; name: string; organizationId: string };
}

describe("POST /api/auth/organization/create-team", () => {
  it("creates a team in the active organization, listed beside the default team", async () => {
    const { owner, organization } = await organizationWithOwner(server, "Teamed");
    const team = await createTeam(owner.client, "Engineering");
    expect(team).toMatchObject({ name: "Engineering", organizationId: organization.id });
    const list = await (await owner.client.fetch("/api/auth/organization/list-teams")).json();
    expect(list.map((t: { name: string }) => t.name).sort()).toEqual(["Engineering", "Teamed"]);
  });

  it.each([
    ["an empty name", ""],
    ["a name of spaces", "   "],
  ])("refuses %s with 400 VALIDATION_ERROR", async (_, name) => {
    const { owner, organization } = await organizationWithOwner(server);
    const response = await owner.client.post("/api/auth/organization/create-team", { name });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringContaining("at least 1 character") });
    const teams = await server.deps.db.selectFrom("team").select("name").where("organizationId", "=", organization.id).execute();
    expect(teams).toHaveLength(1);
  });

  it("answers 403 'You are not a member of this organization' to someone outside it", async () => {
    const { organization } = await organizationWithOwner(server);
    const { client } = await signedInUser(server);
    const response = await client.post("/api/auth/organization/create-team", { name: "Intruders", organizationId: organization.id });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION",
      message: "You are not a member of this organization",
    });
  });
});

describe("POST /api/auth/organization/update-team", () => {
  it("renames the team and answers id, name, organizationId, createdAt and updatedAt", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const team = await createTeam(owner.client, "Old name");
    const response = await owner.client.post("/api/auth/organization/update-team", { teamId: team.id, data: { name: "New name" } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ id: team.id, name: "New name", organizationId: organization.id });
    expect(body.createdAt).toEqual(expect.any(String));
    expect(body.updatedAt).toEqual(expect.any(String));
    expect((await teamRow(team.id))?.name).toBe("New name");
  });

  it.each([
    ["an empty name", ""],
    ["a name of spaces", " \t "],
  ])("refuses %s with 400 VALIDATION_ERROR", async (_, name) => {
    const { owner } = await organizationWithOwner(server);
    const team = await createTeam(owner.client, "Keeps its name");
    const response = await owner.client.post("/api/auth/organization/update-team", { teamId: team.id, data: { name } });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("VALIDATION_ERROR");
    expect((await teamRow(team.id))?.name).toBe("Keeps its name");
  });

  it("answers 400 'Team not found' for a team of another organization", async () => {
    const { owner } = await organizationWithOwner(server);
    const elsewhere = await organizationWithOwner(server, "Elsewhere");
    const theirs = await createTeam(elsewhere.owner.client, "Theirs");
    const response = await owner.client.post("/api/auth/organization/update-team", { teamId: theirs.id, data: { name: "Mine now" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Team not found" });
  });
});

describe("POST /api/auth/organization/remove-team", () => {
  it("refuses to remove the last team with 400 'Unable to remove last team'", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    // The only team, which is also the owner's active one.
    const [only] = await (await owner.client.fetch("/api/auth/organization/list-teams")).json();
    const response = await owner.client.post("/api/auth/organization/remove-team", { teamId: only.id, organizationId: organization.id });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "UNABLE_TO_REMOVE_LAST_TEAM", message: "Unable to remove last team" });
  });

  it("removes the caller's own active team and clears it from the session", async () => {
    const { owner } = await organizationWithOwner(server, "Defaulted");
    // Creating the organization made its default team the owner's active team.
    const defaultTeamId = (await liveSession(owner.client))?.session.activeTeamId;
    expect(defaultTeamId).toEqual(expect.any(String));
    await createTeam(owner.client, "Successor");
    const response = await owner.client.post("/api/auth/organization/remove-team", { teamId: defaultTeamId });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Team removed successfully." });
    expect(await teamRow(String(defaultTeamId))).toBeUndefined();
    expect((await owner.client.auth.getSession()).data?.session.activeTeamId ?? null).toBeNull();
    expect((await liveSession(owner.client))?.session.activeTeamId).toBeNull();
  });

  it("answers 403 'You are not a member of this organization' to someone outside it", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const team = await createTeam(owner.client, "Safe");
    const { client } = await signedInUser(server);
    const response = await client.post("/api/auth/organization/remove-team", { teamId: team.id, organizationId: organization.id });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: "You are not a member of this organization" });
    expect(await teamRow(team.id)).toBeDefined();
  });
});

describe("GET /api/auth/organization/list-teams", () => {
  it("answers 403 'You are not a member of this organization' to someone outside it", async () => {
    const { organization } = await organizationWithOwner(server);
    const { client } = await signedInUser(server);
    const response = await client.fetch(`/api/auth/organization/list-teams?organizationId=${organization.id}`);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION",
      message: "You are not a member of this organization",
    });
  });
});

describe("team members: add-team-member, list-team-members, remove-team-member", () => {
  it("lets an admin put members in a team, lists them to a team member, and takes them out", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const admin = await memberWithRole(server, organization.id, "admin");
    const member = await memberWithRole(server, organization.id, "member");
    const team = await createTeam(owner.client, "Squad");

    for (const userId of [admin.userId, member.userId]) {
      const added = await admin.client.post("/api/auth/organization/add-team-member", { teamId: team.id, userId });
      expect(added.status).toBe(200);
      expect(await added.json()).toMatchObject({ teamId: team.id, userId });
    }
    const listed = await member.client.fetch(`/api/auth/organization/list-team-members?teamId=${team.id}`);
    expect(listed.status).toBe(200);
    expect((await listed.json()).map((m: { userId: string }) => m.userId).sort()).toEqual([admin.userId, member.userId].sort());

    const removed = await admin.client.post("/api/auth/organization/remove-team-member", { teamId: team.id, userId: member.userId });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ message: "Team member removed successfully." });
  });

  it("refuses a member putting people in a team with 403", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const member = await memberWithRole(server, organization.id, "member");
    const team = await createTeam(owner.client, "Closed");
    const response = await member.client.post("/api/auth/organization/add-team-member", { teamId: team.id, userId: member.userId });
    expect(response.status).toBe(403);
  });

  it("lists a team's members only to members of that team (400 otherwise)", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const member = await memberWithRole(server, organization.id, "member");
    const team = await createTeam(owner.client, "Private");
    const response = await member.client.fetch(`/api/auth/organization/list-team-members?teamId=${team.id}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "User is not a member of the team" });
  });
});
