import { describe, expect, it } from "vitest";
import { memberWithRole, organizationWithOwner, uniqueSlug } from "../support/organizations.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";

const server = useTestServer();

const organizationRow = (id: string) =>
  server.deps.db.selectFrom("organization").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** Makes a signed-in user a platform admin (SPEC §6), as the admin console would. */
async function platformAdmin() {
  const admin = await signedInUser(server, { name: "Platform Admin" });
  await server.deps.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  return admin;
}

describe("POST /api/auth/organization/create", () => {
  it("creates the organization with the creator as its owner and answers it with its members", async () => {
    const { client, userId } = await signedInUser(server);
    const slug = uniqueSlug("acme");
    const response = await client.post("/api/auth/organization/create", {
      name: "Acme",
      slug,
      logo: "https://example.com/logo.png",
      metadata: { plan: "pro" },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ name: "Acme", slug, logo: "https://example.com/logo.png", metadata: { plan: "pro" } });
    expect(body.members).toEqual([expect.objectContaining({ userId, role: "owner", organizationId: body.id })]);
  });

  it("refuses a slug already in use with 400 'Organization already exists'", async () => {
    const { organization } = await organizationWithOwner(server);
    const { client } = await signedInUser(server);
    const response = await client.post("/api/auth/organization/create", { name: "Copy", slug: organization.slug });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "ORGANIZATION_ALREADY_EXISTS", message: "Organization already exists" });
  });

  it("requires name and slug (400 VALIDATION_ERROR)", async () => {
    const { client } = await signedInUser(server);
    const response = await client.post("/api/auth/organization/create", { name: "No slug" });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("VALIDATION_ERROR");
  });

  it("stores metadata as JSON text and refuses metadata that is not a map of strings", async () => {
    const { client } = await signedInUser(server);
    const created = await (
      await client.post("/api/auth/organization/create", { name: "Meta", slug: uniqueSlug(), metadata: { a: "1", b: "two" } })
    ).json();
    expect(JSON.parse((await organizationRow(created.id)).metadata ?? "")).toEqual({ a: "1", b: "two" });

    const refused = await client.post("/api/auth/organization/create", { name: "Meta", slug: uniqueSlug(), metadata: { count: 3 } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).code).toBe("VALIDATION_ERROR");
  });

  it("refuses a creator userId from someone who is not a platform admin with 403", async () => {
    const { client } = await signedInUser(server);
    const other = await signedInUser(server);
    const response = await client.post("/api/auth/organization/create", { name: "Theirs", slug: uniqueSlug(), userId: other.userId });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION" });
    expect(await other.client.auth.organization.list().then((r) => r.data)).toEqual([]);
  });

  it("lets a platform admin create an organization owned by another user, without joining it", async () => {
    const admin = await platformAdmin();
    const future = await signedInUser(server, { name: "Future Owner" });
    const response = await admin.client.post("/api/auth/organization/create", {
      name: "For them",
      slug: uniqueSlug(),
      userId: future.userId,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.members).toEqual([expect.objectContaining({ userId: future.userId, role: "owner" })]);
    expect((await future.client.auth.organization.list()).data?.map((o) => o.id)).toEqual([body.id]);
    expect((await admin.client.auth.organization.list()).data).toEqual([]);
    // The admin's session did not switch to an organization they are not part of.
    expect((await admin.client.auth.getSession()).data?.session.activeOrganizationId ?? null).toBeNull();
  });

  it("answers 400 'User not found' when a platform admin names an unknown user", async () => {
    const admin = await platformAdmin();
    const response = await admin.client.post("/api/auth/organization/create", {
      name: "Nobody's",
      slug: uniqueSlug(),
      userId: "no-such-user",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "User not found" });
  });

  it("answers 401 'Not authenticated' without a session", async () => {
    const response = await server.client().post("/api/auth/organization/create", { name: "Anon", slug: uniqueSlug() });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: "UNAUTHORIZED", message: "Not authenticated" });
  });
});

describe("POST /api/auth/organization/check-slug", () => {
  it("answers status true for a free slug", async () => {
    const { client } = await signedInUser(server);
    const response = await client.post("/api/auth/organization/check-slug", { slug: uniqueSlug() });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });
  });

  it("answers 400 'slug is taken' for a slug in use", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const response = await owner.client.post("/api/auth/organization/check-slug", { slug: organization.slug });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "slug is taken" });
  });
});

describe("POST /api/auth/organization/update", () => {
  it("updates the active organization when no organizationId is given", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const slug = uniqueSlug("renamed");
    const response = await owner.client.post("/api/auth/organization/update", {
      data: { name: "Renamed", slug, logo: "https://example.com/new.png", metadata: { tier: "gold" } },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: organization.id, name: "Renamed", slug, metadata: { tier: "gold" } });
    const row = await organizationRow(organization.id);
    expect(row).toMatchObject({ name: "Renamed", slug, logo: "https://example.com/new.png" });
    expect(JSON.parse(row.metadata ?? "")).toEqual({ tier: "gold" });
  });

  it("updates the organization named by organizationId", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    await owner.client.auth.organization.setActive({ organizationId: null });
    const response = await owner.client.post("/api/auth/organization/update", { organizationId: organization.id, data: { name: "By id" } });
    expect(response.status).toBe(200);
    expect((await organizationRow(organization.id)).name).toBe("By id");
  });

  it("answers 400 'No active organization' without organizationId or an active organization", async () => {
    const { client } = await signedInUser(server);
    const response = await client.post("/api/auth/organization/update", { data: { name: "Nothing" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "NO_ACTIVE_ORGANIZATION", message: "No active organization" });
  });

  it("answers 403 to someone outside the organization", async () => {
    const { organization } = await organizationWithOwner(server);
    const { client } = await signedInUser(server);
    const response = await client.post("/api/auth/organization/update", { organizationId: organization.id, data: { name: "Hijack" } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: "User is not a member of the organization" });
  });

  it("answers 401 'User not found' without a session (the spec's literal)", async () => {
    const response = await server.client().post("/api/auth/organization/update", { data: { name: "Anon" } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: "User not found" });
  });
});

describe("POST /api/auth/organization/delete", () => {
  it("deletes the organization with its members and answers it", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    await memberWithRole(server, organization.id, "member");
    const response = await owner.client.post("/api/auth/organization/delete", { organizationId: organization.id });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: organization.id, slug: organization.slug, metadata: {} });
    const db = server.deps.db;
    expect(await db.selectFrom("organization").select("id").where("id", "=", organization.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("member").select("id").where("organizationId", "=", organization.id).execute()).toEqual([]);
  });

  it("answers 403 to someone outside the organization", async () => {
    const { organization } = await organizationWithOwner(server);
    const { client } = await signedInUser(server);
    const response = await client.post("/api/auth/organization/delete", { organizationId: organization.id });
    expect(response.status).toBe(403);
  });
});

describe("GET /api/auth/organization/list", () => {
  it("lists the user's organizations, metadata as an object", async () => {
    const { client } = await signedInUser(server);
    const a = await (await client.post("/api/auth/organization/create", { name: "A", slug: uniqueSlug(), metadata: { k: "v" } })).json();
    const b = await (await client.post("/api/auth/organization/create", { name: "B", slug: uniqueSlug() })).json();
    await organizationWithOwner(server, "Someone else's");
    const response = await client.fetch("/api/auth/organization/list");
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list).toHaveLength(2);
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: a.id, metadata: { k: "v" } }),
        expect.objectContaining({ id: b.id, metadata: {} }),
      ]),
    );
  });
});

describe("POST /api/auth/organization/set-active and GET get-full-organization", () => {
  it("switches the active organization and answers the full organization for it", async () => {
    const { client, userId } = await signedInUser(server);
    const first = await (
      await client.post("/api/auth/organization/create", { name: "First", slug: uniqueSlug(), metadata: { n: "1" } })
    ).json();
    await client.post("/api/auth/organization/create", { name: "Second", slug: uniqueSlug() });

    const set = await client.post("/api/auth/organization/set-active", { organizationId: first.id });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ id: first.id, metadata: { n: "1" } });

    const one = await (await client.fetch("/api/auth/organization/get-organization")).json();
    expect(one).toMatchObject({ id: first.id, metadata: { n: "1" } });
    const full = await (await client.fetch("/api/auth/organization/get-full-organization")).json();
    expect(full).toMatchObject({ id: first.id, name: "First", metadata: { n: "1" } });
    expect(full.members).toEqual([expect.objectContaining({ userId, role: "owner" })]);
    expect(full.teams).toEqual([expect.objectContaining({ name: "First" })]);
    expect(full.invitations).toEqual([]);
  });

  it("refuses to activate an organization the user is not a member of (403)", async () => {
    const { organization } = await organizationWithOwner(server);
    const { client } = await signedInUser(server);
    const response = await client.post("/api/auth/organization/set-active", { organizationId: organization.id });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: "User is not a member of the organization" });
  });
});

describe("GET /api/auth/organization/get-active-member", () => {
  it("answers the member's id, userId, organizationId and role", async () => {
    const { organization } = await organizationWithOwner(server);
    const admin = await memberWithRole(server, organization.id, "admin");
    const response = await admin.client.fetch("/api/auth/organization/get-active-member");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: admin.memberId,
      userId: admin.userId,
      organizationId: organization.id,
      role: "admin",
    });
  });

  it("answers 400 'No active organization' when none is active", async () => {
    const { client } = await signedInUser(server);
    const response = await client.fetch("/api/auth/organization/get-active-member");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "No active organization" });
  });
});

describe("SPEC §8 'Not authenticated' (401) without a session", () => {
  it.each([
    ["POST", "/api/auth/organization/delete", { organizationId: "any" }],
    ["GET", "/api/auth/organization/list", undefined],
    ["POST", "/api/auth/organization/leave", { organizationId: "any" }],
    ["POST", "/api/auth/organization/remove-member", { memberIdOrEmail: "any" }],
    ["POST", "/api/auth/organization/create-team", { name: "t" }],
    ["POST", "/api/auth/organization/remove-team", { teamId: "any", organizationId: "any" }],
    ["GET", "/api/auth/organization/list-roles", undefined],
  ])("%s %s", async (method, path, body) => {
    const anonymous = server.client();
    const response = method === "GET" ? await anonymous.fetch(path) : await anonymous.post(path, body);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: "UNAUTHORIZED", message: "Not authenticated" });
  });
});

describe("POST /api/auth/organization/has-permission", () => {
  it("answers a member whether their role allows an action", async () => {
    const { organization } = await organizationWithOwner(server);
    const admin = await memberWithRole(server, organization.id, "admin");
    const ask = (permissions: Record<string, string[]>) => admin.client.post("/api/auth/organization/has-permission", { permissions });
    expect(await (await ask({ organization: ["update"] })).json()).toMatchObject({ success: true });
    expect(await (await ask({ organization: ["delete"] })).json()).toMatchObject({ success: false });
  });

  it("answers 403 to someone outside the organization", async () => {
    const { organization } = await organizationWithOwner(server);
    const { client } = await signedInUser(server);
    const response = await client.post("/api/auth/organization/has-permission", {
      organizationId: organization.id,
      permissions: { team: ["create"] },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: "User is not a member of the organization" });
  });
});
