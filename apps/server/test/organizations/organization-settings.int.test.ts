import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueSlug } from "../support/organizations.ts";
import { signedInUser, startTestServer, type TestServer, useTestServer } from "../support/test-server.ts";

/** ORGANIZATION_CREATION, ORGANIZATION_LIMIT and ALLOW_REMOVING_ALL_TEAMS (docs/organizations.md). */
const server = useTestServer({ ORGANIZATION_CREATION: "admins", ORGANIZATION_LIMIT: "2", ALLOW_REMOVING_ALL_TEAMS: "true" });

async function platformAdmin(on: TestServer) {
  const admin = await signedInUser(on, { name: "Platform Admin" });
  await on.deps.db.updateTable("user").set({ role: "user,admin" }).where("id", "=", admin.userId).execute();
  return admin;
}

const create = (client: Awaited<ReturnType<typeof signedInUser>>["client"], body: Record<string, unknown> = {}) =>
  client.post("/api/auth/organization/create", { name: "Org", slug: uniqueSlug(), ...body });

describe("ORGANIZATION_CREATION=admins", () => {
  it("refuses a user who is not a platform admin with 403", async () => {
    const { client } = await signedInUser(server);
    const response = await create(client);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION",
      message: "You are not allowed to create a new organization",
    });
  });

  it("lets a platform admin create organizations, for themselves or for another user", async () => {
    const admin = await platformAdmin(server);
    expect((await create(admin.client)).status).toBe(200);
    const user = await signedInUser(server);
    const forUser = await create(admin.client, { userId: user.userId });
    expect(forUser.status).toBe(200);
    expect((await forUser.json()).members).toEqual([expect.objectContaining({ userId: user.userId, role: "owner" })]);
  });
});

describe("ORGANIZATION_LIMIT", () => {
  it("refuses a third organization with 403 'You have reached the maximum number of organizations'", async () => {
    const admin = await platformAdmin(server);
    for (let i = 0; i < 2; i += 1) expect((await create(admin.client)).status).toBe(200);
    const response = await create(admin.client);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS",
      message: "You have reached the maximum number of organizations",
    });
  });

  it("counts the organizations of the user an admin creates one for", async () => {
    const admin = await platformAdmin(server);
    const user = await signedInUser(server);
    for (let i = 0; i < 2; i += 1) expect((await create(admin.client, { userId: user.userId })).status).toBe(200);
    const response = await create(admin.client, { userId: user.userId });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS" });
  });
});

describe("ALLOW_REMOVING_ALL_TEAMS=true", () => {
  it("lets the last team be removed", async () => {
    const admin = await platformAdmin(server);
    const organization = await (await create(admin.client)).json();
    const [only] = await (await admin.client.fetch(`/api/auth/organization/list-teams?organizationId=${organization.id}`)).json();
    const response = await admin.client.post("/api/auth/organization/remove-team", { teamId: only.id, organizationId: organization.id });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Team removed successfully." });
  });
});

describe("ORGANIZATION_CREATION=nobody", () => {
  let closed: TestServer;
  beforeAll(async () => {
    closed = await startTestServer({ ORGANIZATION_CREATION: "nobody" });
  });
  afterAll(() => closed?.stop());

  it("refuses everyone over HTTP, platform admins included, for themselves or for others", async () => {
    const user = await signedInUser(closed);
    const admin = await platformAdmin(closed);
    for (const attempt of [create(user.client), create(admin.client), create(admin.client, { userId: user.userId })]) {
      const response = await attempt;
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION" });
    }
  });
});
