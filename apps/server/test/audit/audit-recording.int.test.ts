import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { toDate } from "../../src/db/schema.ts";
import { freezeDate } from "../support/fixtures.ts";
import { memberWithRole, organizationWithOwner, uniqueSlug } from "../support/organizations.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";
import { auditRows, platformAdmin, postAs } from "./audit-support.ts";

const server = useTestServer();
const details = (row: { details: string | null }) => (row.details ? JSON.parse(row.details) : null);

describe("POST /api/auth/organization/update", () => {
  it("records the owner's update once, with actor, organization, target, address, user agent and time", async () => {
    const start = freezeDate();
    const { owner, organization } = await organizationWithOwner(server);
    const response = await postAs(
      owner.client,
      "/api/auth/organization/update",
      { organizationId: organization.id, data: { name: "Acme Renamed" } },
      "AuditTest/1.0",
    );
    expect(response.status).toBe(200);

    const rows = await auditRows(server, { action: "organization.update", organizationId: organization.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      outcome: "success",
      status: 200,
      actor_user_id: owner.userId,
      impersonator_user_id: null,
      organization_id: organization.id,
      target_type: "organization",
      target_id: organization.id,
      ip_address: "127.0.0.1",
      user_agent: "AuditTest/1.0",
    });
    expect(toDate(rows[0]?.created_at ?? "").getTime()).toBe(start);
    expect(details(rows[0] ?? { details: null })).toEqual({ changed: ["name"], name: "Acme Renamed" });
  });

  it("records a non-member's attempt on someone else's organization as denied", async () => {
    const { organization } = await organizationWithOwner(server);
    const stranger = await signedInUser(server);
    const response = await stranger.client.post("/api/auth/organization/update", {
      organizationId: organization.id,
      data: { name: "Mine" },
    });
    // 403 since our membership rule refuses in a before-hook (better-auth itself answers 400).
    expect(response.status).toBe(403);

    const rows = await auditRows(server, { action: "organization.update", actorUserId: stranger.userId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "denied", status: 403, organization_id: organization.id, target_id: organization.id });
    expect(details(rows[0] ?? { details: null }).error.code).toBe("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");
  });
});

describe("POST /api/auth/organization/remove-member", () => {
  it("records an organization admin's refused removal of the owner as denied, naming the owner's membership", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const ownerMember = await server.deps.db.selectFrom("member").select("id").where("userId", "=", owner.userId).executeTakeFirstOrThrow();
    const admin = await memberWithRole(server, organization.id, "admin");
    const response = await admin.client.post("/api/auth/organization/remove-member", { memberIdOrEmail: ownerMember.id });
    expect(response.status).toBe(403);

    const rows = await auditRows(server, { action: "member.remove", actorUserId: admin.userId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "denied", status: 403, organization_id: organization.id, target_id: ownerMember.id });
  });
});

describe("POST /api/auth/organization/create", () => {
  it("records a platform admin creating an organization for another user", async () => {
    const admin = await platformAdmin(server);
    const user = await signedInUser(server);
    const response = await admin.client.post("/api/auth/organization/create", {
      name: "For You",
      slug: uniqueSlug("for-you"),
      userId: user.userId,
    });
    expect(response.status).toBe(200);
    const created = await response.json();

    const rows = await auditRows(server, { action: "organization.create", organizationId: created.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "success", actor_user_id: admin.userId, target_id: created.id });
    expect(details(rows[0] ?? { details: null })).toMatchObject({ name: "For You", userId: user.userId });
  });
});

describe("POST /api/auth/organization/delete", () => {
  it("records a member's refused delete as denied with the 403", async () => {
    const { organization } = await organizationWithOwner(server);
    const member = await memberWithRole(server, organization.id, "member");
    const response = await member.client.post("/api/auth/organization/delete", { organizationId: organization.id });
    expect(response.status).toBe(403);

    const rows = await auditRows(server, { action: "organization.delete", organizationId: organization.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "denied", status: 403, actor_user_id: member.userId, target_id: organization.id });
  });

  it("records the owner's delete with the organization's name, which outlives the organization", async () => {
    const { owner, organization } = await organizationWithOwner(server, "Doomed");
    expect((await owner.client.post("/api/auth/organization/delete", { organizationId: organization.id })).status).toBe(200);
    const [row] = await auditRows(server, { action: "organization.delete", organizationId: organization.id });
    expect(row).toMatchObject({ outcome: "success", actor_user_id: owner.userId });
    expect(details(row ?? { details: null })).toMatchObject({ name: "Doomed", slug: organization.slug });
  });
});

describe("organization members, invitations, teams and roles", () => {
  it("records each change under its action name, with its target and the organization", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const colleague = await memberWithRole(server, organization.id, "member");
    const leaver = await memberWithRole(server, organization.id, "member");
    const api = (path: string, body: unknown) => owner.client.post(`/api/auth/organization/${path}`, body);

    const invitation = await (await api("invite-member", { email: "Invitee@Example.com", role: "admin" })).json();
    expect((await api("cancel-invitation", { invitationId: invitation.id })).status).toBe(200);
    expect((await api("update-member-role", { memberId: colleague.memberId, role: "admin" })).status).toBe(200);
    const team = await (await api("create-team", { name: "Ops" })).json();
    expect((await api("add-team-member", { teamId: team.id, userId: colleague.userId })).status).toBe(200);
    expect((await api("remove-team-member", { teamId: team.id, userId: colleague.userId })).status).toBe(200);
    // No organizationId in the body: the team's organization is found before the team is gone.
    expect((await api("remove-team", { teamId: team.id })).status).toBe(200);
    expect((await api("create-role", { role: "auditor", permission: { member: ["update"] } })).status).toBe(200);
    expect((await api("delete-role", { roleName: "auditor" })).status).toBe(200);
    expect((await api("remove-member", { memberIdOrEmail: colleague.email })).status).toBe(200);
    expect((await leaver.client.post("/api/auth/organization/leave", { organizationId: organization.id })).status).toBe(200);

    const rows = await auditRows(server, { organizationId: organization.id });
    const byAction = new Map(rows.map((r) => [r.action, r]));
    expect(rows.every((r) => r.outcome === "success")).toBe(true);
    expect([...byAction.keys()]).toEqual(
      expect.arrayContaining([
        "organization.create",
        "invitation.create",
        "invitation.cancel",
        "member.update-role",
        "team.create",
        "team-member.add",
        "team-member.remove",
        "team.remove",
        "role.create",
        "role.delete",
        "member.remove",
        "member.leave",
      ]),
    );
    expect(byAction.get("invitation.create")).toMatchObject({ target_type: "invitation", target_id: invitation.id });
    expect(details(byAction.get("invitation.create") ?? { details: null })).toMatchObject({ email: "Invitee@Example.com", role: "admin" });
    expect(byAction.get("member.update-role")).toMatchObject({ target_type: "member", target_id: colleague.memberId });
    expect(details(byAction.get("member.update-role") ?? { details: null })).toMatchObject({ role: "admin" });
    expect(byAction.get("team.remove")).toMatchObject({ target_type: "team", target_id: team.id });
    expect(byAction.get("team-member.add")).toMatchObject({ target_type: "user", target_id: colleague.userId });
    expect(byAction.get("member.remove")).toMatchObject({ target_type: "member", target_id: colleague.memberId });
    expect(details(byAction.get("member.remove") ?? { details: null })).toMatchObject({ userId: colleague.userId, email: colleague.email });
    expect(byAction.get("member.leave")).toMatchObject({ actor_user_id: leaver.userId, target_id: leaver.memberId });
  });

  it("records the invitee's acceptance in the organization it joined", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const invitee = await signedInUser(server);
    const invitation = await (
      await owner.client.post("/api/auth/organization/invite-member", { email: invitee.email, role: "member" })
    ).json();
    expect((await invitee.client.post("/api/auth/organization/accept-invitation", { invitationId: invitation.id })).status).toBe(200);

    const [row] = await auditRows(server, { action: "invitation.accept", actorUserId: invitee.userId });
    expect(row).toMatchObject({
      outcome: "success",
      organization_id: organization.id,
      target_type: "invitation",
      target_id: invitation.id,
    });
    expect(details(row ?? { details: null }).memberId).toEqual(expect.any(String));
  });

  it("does not record reads or switching the active organization", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    const before = (await auditRows(server, { actorUserId: owner.userId })).length;
    await owner.client.fetch(`/api/auth/organization/get-full-organization?organizationId=${organization.id}`);
    await owner.client.fetch("/api/auth/organization/list-members");
    await owner.client.fetch("/api/auth/organization/list-invitations");
    await owner.client.post("/api/auth/organization/set-active", { organizationId: organization.id });
    await owner.client.post("/api/auth/organization/check-slug", { slug: "free-slug-for-audit" });
    expect(await auditRows(server, { actorUserId: owner.userId })).toHaveLength(before);
  });
});

describe("POST /api/auth/admin/ban-user", () => {
  it("records admin.ban-user with the banned user as target and the reason and expiry in details", async () => {
    const admin = await platformAdmin(server);
    const victim = await signedInUser(server);
    const response = await admin.client.post("/api/auth/admin/ban-user", { userId: victim.userId, banReason: "spam", banExpiresIn: 3600 });
    expect(response.status).toBe(200);

    const [row] = await auditRows(server, { action: "admin.ban-user", actorUserId: admin.userId });
    expect(row).toMatchObject({ outcome: "success", target_type: "user", target_id: victim.userId, organization_id: null });
    expect(details(row ?? { details: null })).toEqual({ reason: "spam", expiresIn: 3600 });
  });

  it("records a plain user's ban attempt as denied", async () => {
    const user = await signedInUser(server);
    const victim = await signedInUser(server);
    expect((await user.client.post("/api/auth/admin/ban-user", { userId: victim.userId })).status).toBe(403);
    const [row] = await auditRows(server, { action: "admin.ban-user", actorUserId: user.userId });
    expect(row).toMatchObject({ outcome: "denied", status: 403, target_id: victim.userId });
  });
});

describe("POST /api/auth/admin/impersonate-user", () => {
  it("records the impersonation, and what is done while impersonating names the impersonator", async () => {
    const admin = await platformAdmin(server);
    const { owner, organization } = await organizationWithOwner(server);
    expect((await admin.client.post("/api/auth/admin/impersonate-user", { userId: owner.userId })).status).toBe(200);
    const update = await admin.client.post("/api/auth/organization/update", {
      organizationId: organization.id,
      data: { name: "Done by admin" },
    });
    expect(update.status).toBe(200);
    expect((await admin.client.post("/api/auth/admin/stop-impersonating", {})).status).toBe(200);

    const [impersonation] = await auditRows(server, { action: "admin.impersonate-user", actorUserId: admin.userId });
    expect(impersonation).toMatchObject({ outcome: "success", target_id: owner.userId, impersonator_user_id: null });
    const [update_] = await auditRows(server, { action: "organization.update", organizationId: organization.id });
    expect(update_).toMatchObject({ actor_user_id: owner.userId, impersonator_user_id: admin.userId });
    const [stop] = await auditRows(server, { action: "admin.stop-impersonating", actorUserId: owner.userId });
    expect(stop).toMatchObject({ outcome: "success", impersonator_user_id: admin.userId, target_id: owner.userId });
  });
});

describe("secrets", () => {
  it("never stores a set password, an API key or a session token, while still recording those actions", async () => {
    const admin = await platformAdmin(server);
    const user = await signedInUser(server);
    const newPassword = "a-very-secret-passphrase-7431";
    expect((await admin.client.post("/api/auth/admin/set-user-password", { userId: user.userId, newPassword })).status).toBe(200);
    const created = await user.client.auth.apiKey.create({ name: "ci" });
    const key = created.data?.key ?? "";
    expect(key.length).toBeGreaterThan(20);
    const session = await server.deps.db
      .selectFrom("session")
      .select(["id", "token"])
      .where("userId", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect((await admin.client.post("/api/auth/admin/revoke-user-session", { sessionToken: session.token })).status).toBe(200);

    const everything = JSON.stringify(await server.deps.db.selectFrom("audit_log").selectAll().execute());
    for (const secret of [newPassword, key, session.token]) expect(everything).not.toContain(secret);

    expect(await auditRows(server, { action: "admin.set-user-password", actorUserId: admin.userId })).toMatchObject([
      { target_id: user.userId },
    ]);
    const [keyRow] = await auditRows(server, { action: "api-key.create", actorUserId: user.userId });
    expect(keyRow).toMatchObject({ target_type: "api-key", target_id: created.data?.id });
    expect(details(keyRow ?? { details: null })).toMatchObject({ name: "ci" });
    const [revoke] = await auditRows(server, { action: "admin.revoke-user-session", actorUserId: admin.userId });
    expect(revoke).toMatchObject({ target_type: "user", target_id: user.userId });
    expect(details(revoke ?? { details: null })).toEqual({ sessionId: session.id });
  });
});

describe("API keys", () => {
  it("records creating, updating and deleting a key, and an admin's clean-up of expired keys", async () => {
    const user = await signedInUser(server);
    const created = (await user.client.auth.apiKey.create({ name: "deploy" })).data;
    const keyId = created?.id ?? "";
    expect((await user.client.post("/api/auth/api-key/update", { keyId, name: "deploy-2" })).status).toBe(200);
    expect((await user.client.post("/api/auth/api-key/delete", { keyId })).status).toBe(200);
    const admin = await platformAdmin(server);
    expect((await admin.client.post("/api/auth/api-key/delete-all-expired-api-keys", {})).status).toBe(200);

    const rows = await auditRows(server, { actorUserId: user.userId });
    const keyActions = rows.filter((r) => r.action.startsWith("api-key.")).map((r) => [r.action, r.target_id]);
    expect(keyActions.sort()).toEqual([
      ["api-key.create", keyId],
      ["api-key.delete", keyId],
      ["api-key.update", keyId],
    ]);
    expect(details(rows.find((r) => r.action === "api-key.update") ?? { details: null })).toEqual({ changed: ["name"] });
    expect(await auditRows(server, { action: "api-key.delete-all-expired", actorUserId: admin.userId })).toMatchObject([
      { outcome: "success", organization_id: null },
    ]);
  });
});

describe("when the entry cannot be written", () => {
  it("still answers the completed action with success", async () => {
    const { owner, organization } = await organizationWithOwner(server);
    await sql`alter table audit_log rename to audit_log_away`.execute(server.deps.db);
    try {
      const response = await owner.client.post("/api/auth/organization/update", {
        organizationId: organization.id,
        data: { name: "Still saved" },
      });
      expect(response.status).toBe(200);
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(server.deps.db);
    }
    const saved = await server.deps.db.selectFrom("organization").select("name").where("id", "=", organization.id).executeTakeFirst();
    expect(saved?.name).toBe("Still saved");
  });
  it("keeps an outsider's refused request to a few kilobytes in the named organization's log", async () => {
    const { organization } = await organizationWithOwner(server);
    const outsider = await signedInUser(server);
    const permission = Object.fromEntries(Array.from({ length: 2000 }, (_, n) => [`resource${n}`, ["x".repeat(300)]]));
    const answer = await outsider.client.post("/api/auth/organization/create-role", {
      organizationId: organization.id,
      role: "spam",
      permission,
    });
    expect(answer.status).toBe(403);
    const [row] = await auditRows(server, { action: "role.create", organizationId: organization.id });
    expect(row).toMatchObject({ outcome: "denied", actor_user_id: outsider.userId });
    expect((row?.details ?? "").length).toBeLessThanOrEqual(2048);
    expect(details(row ?? { details: null })).toBeTruthy();
  });
});
