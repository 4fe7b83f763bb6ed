import { describe, expect, it, vi } from "vitest";
import { freezeDate, HOUR } from "../support/fixtures.ts";
import { memberWithRole, organizationWithOwner } from "../support/organizations.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";
import { listAuditLog, platformAdmin } from "./audit-support.ts";

const server = useTestServer();
const actions = (body: { entries: { action: string }[] }) => body.entries.map((e) => e.action);

/** An organization with five entries an hour apart: create, invite, role change, a refused delete, removal. */
async function organizationWithHistory() {
  const start = freezeDate();
  const { owner, organization } = await organizationWithOwner(server);
  const member = await memberWithRole(server, organization.id, "member");
  const at = async (hours: number, act: () => Promise<Response>) => {
    vi.setSystemTime(start + hours * HOUR);
    expect((await act()).status).toBeLessThan(500);
  };
  await at(1, () => owner.client.post("/api/auth/organization/invite-member", { email: "new@example.com", role: "member" }));
  await at(2, () => owner.client.post("/api/auth/organization/update-member-role", { memberId: member.memberId, role: "admin" }));
  await at(3, () => member.client.post("/api/auth/organization/delete", { organizationId: organization.id }));
  await at(4, () => owner.client.post("/api/auth/organization/remove-member", { memberIdOrEmail: member.memberId }));
  return { start, owner, organization, member };
}

describe("GET /api/auth/audit-log/list", () => {
  it("answers a platform admin with an organization's entries newest first, with the actor's email and name", async () => {
    const { start, owner, organization } = await organizationWithHistory();
    const admin = await platformAdmin(server);
    const { status, body } = await listAuditLog(admin.client, { organizationId: organization.id });
    expect(status).toBe(200);
    expect(body.total).toBe(5);
    expect(actions(body)).toEqual([
      "member.remove",
      "organization.delete",
      "member.update-role",
      "invitation.create",
      "organization.create",
    ]);
    expect(body.entries[4]).toEqual({
      id: expect.any(String),
      createdAt: new Date(start).toISOString(),
      action: "organization.create",
      outcome: "success",
      status: 200,
      actorUserId: owner.userId,
      actorEmail: owner.email,
      actorName: "Acme Owner",
      impersonatorUserId: null,
      organizationId: organization.id,
      targetType: "organization",
      targetId: organization.id,
      ipAddress: "127.0.0.1",
      userAgent: expect.any(String),
      details: { name: "Acme", slug: organization.slug },
    });
  });

  it("filters by action (exact, or a prefix ending in a dot), actor, outcome and target", async () => {
    const { organization, member } = await organizationWithHistory();
    const admin = await platformAdmin(server);
    const list = async (filters: Record<string, string>) =>
      (await listAuditLog(admin.client, { organizationId: organization.id, ...filters })).body;

    expect(actions(await list({ action: "member." }))).toEqual(["member.remove", "member.update-role"]);
    expect(actions(await list({ action: "member.remove" }))).toEqual(["member.remove"]);
    expect((await list({ action: "member" })).total).toBe(0);
    expect(actions(await list({ actorUserId: member.userId }))).toEqual(["organization.delete"]);
    expect(await list({ outcome: "denied" })).toMatchObject({ total: 1, entries: [{ action: "organization.delete", status: 403 }] });
    expect(actions(await list({ targetId: member.memberId }))).toEqual(["member.remove", "member.update-role"]);
    // A cleared filter field arrives empty and filters nothing.
    expect((await list({ action: "", outcome: "", actorUserId: "", from: "" })).total).toBe(5);
  });

  it("filters by a date range, both ends included", async () => {
    const { start, organization } = await organizationWithHistory();
    const admin = await platformAdmin(server);
    const { body } = await listAuditLog(admin.client, {
      organizationId: organization.id,
      from: new Date(start + 1 * HOUR).toISOString(),
      to: new Date(start + 2 * HOUR).toISOString(),
    });
    expect(actions(body)).toEqual(["member.update-role", "invitation.create"]);
    const since = await listAuditLog(admin.client, { organizationId: organization.id, from: new Date(start + 3 * HOUR + 1).toISOString() });
    expect(actions(since.body)).toEqual(["member.remove"]);
  });

  it("pages with limit and offset, always telling the total", async () => {
    const { organization } = await organizationWithHistory();
    const admin = await platformAdmin(server);
    const first = await listAuditLog(admin.client, { organizationId: organization.id, limit: 2 });
    expect(first.body).toMatchObject({ total: 5 });
    expect(actions(first.body)).toEqual(["member.remove", "organization.delete"]);
    const last = await listAuditLog(admin.client, { organizationId: organization.id, limit: 2, offset: 4 });
    expect(last.body).toMatchObject({ total: 5 });
    expect(actions(last.body)).toEqual(["organization.create"]);
  });

  it("answers 400 to a limit above 200 or a date that is not ISO 8601", async () => {
    const admin = await platformAdmin(server);
    expect((await listAuditLog(admin.client, { limit: 201 })).status).toBe(400);
    expect((await listAuditLog(admin.client, { from: "yesterday" })).status).toBe(400);
    expect((await listAuditLog(admin.client, { outcome: "maybe" })).status).toBe(400);
  });

  it("keeps an entry after its actor is deleted, without the email it can no longer know", async () => {
    const admin = await platformAdmin(server);
    const { owner, organization } = await organizationWithOwner(server);
    expect((await admin.client.post("/api/auth/admin/remove-user", { userId: owner.userId })).status).toBe(200);
    const { body } = await listAuditLog(admin.client, { organizationId: organization.id, action: "organization.create" });
    expect(body.entries).toMatchObject([{ actorUserId: owner.userId, actorEmail: null, actorName: null }]);
    const removal = await listAuditLog(admin.client, { action: "admin.remove-user", targetId: owner.userId });
    expect(removal.body).toMatchObject({
      total: 1,
      entries: [{ actorUserId: admin.userId, actorEmail: admin.email, organizationId: null }],
    });
  });
});

describe("who may read the audit log", () => {
  it("shows a platform admin every organization's entries and the platform's", async () => {
    const a = await organizationWithOwner(server, "Alpha");
    const b = await organizationWithOwner(server, "Beta");
    const admin = await platformAdmin(server);
    await admin.client.post("/api/auth/admin/ban-user", { userId: b.owner.userId });
    for (const { organization } of [a, b]) {
      const { status, body } = await listAuditLog(admin.client, { organizationId: organization.id });
      expect(status).toBe(200);
      expect(actions(body)).toEqual(["organization.create"]);
    }
    // No organization filter: everything, including platform actions that belong to none.
    const everything = await listAuditLog(admin.client, { actorUserId: admin.userId });
    expect(everything.body.entries).toMatchObject([{ action: "admin.ban-user", organizationId: null }]);
    const all = await listAuditLog(admin.client);
    expect(all.body.total).toBeGreaterThanOrEqual(3);
  });

  it("shows an owner their own organization's entries only", async () => {
    const a = await organizationWithOwner(server, "Alpha");
    const b = await organizationWithOwner(server, "Beta");
    const mine = await listAuditLog(a.owner.client, { organizationId: a.organization.id });
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBeGreaterThan(0);
    expect(mine.body.entries.every((e: { organizationId: string }) => e.organizationId === a.organization.id)).toBe(true);

    const theirs = await listAuditLog(a.owner.client, { organizationId: b.organization.id });
    expect(theirs).toEqual({
      status: 403,
      body: { code: "YOU_ARE_NOT_ALLOWED_TO_ACCESS_RESOURCE", message: "You are not allowed to access resource" },
    });
    expect((await listAuditLog(a.owner.client)).status).toBe(403);
  });

  it("lets a member whose role list includes owner read, but not an organization admin or a member", async () => {
    const { organization } = await organizationWithOwner(server);
    const coOwner = await memberWithRole(server, organization.id, "member,owner");
    const admin = await memberWithRole(server, organization.id, "admin");
    const member = await memberWithRole(server, organization.id, "member");
    expect((await listAuditLog(coOwner.client, { organizationId: organization.id })).status).toBe(200);
    expect((await listAuditLog(admin.client, { organizationId: organization.id })).status).toBe(403);
    expect((await listAuditLog(member.client, { organizationId: organization.id })).status).toBe(403);
  });

  it("answers 401 to a visitor who is not signed in", async () => {
    const { organization } = await organizationWithOwner(server);
    expect((await listAuditLog(server.client(), { organizationId: organization.id })).status).toBe(401);
  });

  it("stops showing a demoted platform admin everything at once, whatever their session cached", async () => {
    const admin = await platformAdmin(server);
    expect((await listAuditLog(admin.client)).status).toBe(200);
    await server.deps.db.updateTable("user").set({ role: "user" }).where("id", "=", admin.userId).execute();
    expect((await listAuditLog(admin.client)).status).toBe(403);
  });

  it("does not let a plain user read by just signing in", async () => {
    const user = await signedInUser(server);
    expect((await listAuditLog(user.client)).status).toBe(403);
  });
});
