import { beforeAll, describe, expect, it } from "vitest";
import { liveSession } from "../support/auth-client.ts";
import { freezeDate, SECOND } from "../support/fixtures.ts";
import { userByEmail, useTestServer } from "../support/test-server.ts";
import { anotherBrowser, type CreatedUser, createdUser, platformAdmin } from "./platform-admins.ts";

const server = useTestServer();

const sessionsOf = (userId: string) => server.deps.db.selectFrom("session").selectAll().where("userId", "=", userId).execute();

describe("POST /api/auth/admin/impersonate-user", () => {
  it("signs the admin in as the user for IMPERSONATION_SESSION_DURATION, marked with impersonatedBy", async () => {
    const start = freezeDate();
    const admin = await platformAdmin(server);
    const user = await createdUser(server, { signIn: false });
    const { data, error } = await admin.client.auth.admin.impersonateUser({ userId: user.userId });
    expect(error).toBeNull();
    expect(data?.user.id).toBe(user.userId);

    const live = await liveSession(admin.client);
    expect(live?.user).toMatchObject({ id: user.userId, email: user.email });
    expect(live?.session).toMatchObject({ userId: user.userId, impersonatedBy: admin.userId });
    expect(new Date(live?.session.expiresAt as Date).getTime()).toBe(start + 3600 * SECOND);
  });

  it("lets the admin act as the user", async () => {
    const admin = await platformAdmin(server);
    const user = await createdUser(server, { name: "Original", signIn: false });
    await admin.client.auth.admin.impersonateUser({ userId: user.userId });
    const { error } = await admin.client.auth.updateUser({ name: "Fixed by support" });
    expect(error).toBeNull();
    expect((await userByEmail(server, user.email))?.name).toBe("Fixed by support");
    expect((await userByEmail(server, admin.email))?.name).toBe("Test User");
  });

  it("keeps the impersonation out of the user's own list of sessions", async () => {
    const admin = await platformAdmin(server);
    const user = await createdUser(server);
    await admin.client.auth.admin.impersonateUser({ userId: user.userId });
    expect(await sessionsOf(user.userId)).toHaveLength(2);
    const { data } = await user.client.auth.listSessions();
    expect(data?.map((s) => (s as { impersonatedBy?: string | null }).impersonatedBy ?? null)).toEqual([null]);
  });

  it("refuses, while impersonating, anything that would leave the admin a way back in as the user", async () => {
    const admin = await platformAdmin(server);
    const user = await createdUser(server, { signIn: false });
    await admin.client.auth.admin.impersonateUser({ userId: user.userId });
    const attempts = [
      await admin.client.fetch("/api/auth/passkey/generate-register-options"),
      await admin.client.post("/api/auth/api-key/create", { name: "backdoor" }),
      await admin.client.post("/api/auth/link-social", { provider: "github" }),
      await admin.client.post("/api/auth/two-factor/enable", { password: "irrelevant" }),
    ];
    for (const answer of attempts) {
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ code: "NOT_ALLOWED_WHILE_IMPERSONATING" });
    }
    expect(await server.deps.db.selectFrom("apikey").select("id").where("referenceId", "=", user.userId).execute()).toEqual([]);
  });

  it("keeps the impersonation within IMPERSONATION_SESSION_DURATION even when the client drops its don't-remember cookie", async () => {
    const admin = await platformAdmin(server);
    const user = await createdUser(server, { signIn: false });
    await admin.client.auth.admin.impersonateUser({ userId: user.userId });
    for (const name of [...admin.client.cookies.keys()]) if (name.includes("dont_remember")) admin.client.cookies.delete(name);
    // A session this young is refreshed by get-session (expiry − expiresIn + updateAge has passed).
    expect((await liveSession(admin.client))?.session.impersonatedBy).toBe(admin.userId);
    const [impersonation] = (await sessionsOf(user.userId)).filter((s) => s.impersonatedBy === admin.userId);
    const lifetime = new Date(impersonation?.expiresAt as Date).getTime() - new Date(impersonation?.createdAt as Date).getTime();
    expect(lifetime).toBeLessThanOrEqual(3600 * SECOND);
  });

  it("refuses to impersonate another admin with 403", async () => {
    const admin = await platformAdmin(server);
    const other = await platformAdmin(server);
    const { error } = await admin.client.auth.admin.impersonateUser({ userId: other.userId });
    expect(error).toMatchObject({ status: 403, code: "YOU_CANNOT_IMPERSONATE_ADMINS", message: "You cannot impersonate admins" });
    expect((await liveSession(admin.client))?.user.id).toBe(admin.userId);
  });
});

describe("POST /api/auth/admin/stop-impersonating", () => {
  it("returns the admin to their own session and ends the impersonation session", async () => {
    const admin = await platformAdmin(server);
    const user = await createdUser(server, { signIn: false });
    await admin.client.auth.admin.impersonateUser({ userId: user.userId });
    expect(await sessionsOf(user.userId)).toHaveLength(1);

    const { data, error } = await admin.client.auth.admin.stopImpersonating();
    expect(error).toBeNull();
    expect(data?.user.id).toBe(admin.userId);
    const live = await liveSession(admin.client);
    expect(live?.user.id).toBe(admin.userId);
    expect(live?.session.impersonatedBy ?? null).toBeNull();
    expect(await sessionsOf(user.userId)).toHaveLength(0);
  });

  it("answers 400 to someone who is not impersonating anyone", async () => {
    const admin = await platformAdmin(server);
    const { error } = await admin.client.auth.admin.stopImpersonating();
    expect(error).toMatchObject({ status: 400, message: "You are not impersonating anyone" });
  });
});

describe("a user's sessions: list-user-sessions, revoke-user-session, revoke-user-sessions", () => {
  let admin: CreatedUser;
  beforeAll(async () => {
    admin = await platformAdmin(server);
  });

  it("lists every session of the user", async () => {
    const user = await createdUser(server);
    await anotherBrowser(server, user.email);
    const { data } = await admin.client.auth.admin.listUserSessions({ userId: user.userId });
    expect(data?.sessions).toHaveLength(2);
    expect(data?.sessions.every((s) => s.userId === user.userId)).toBe(true);
  });

  it("revokes one session, leaving the others", async () => {
    const user = await createdUser(server);
    const phone = await anotherBrowser(server, user.email);
    const phoneToken = (await liveSession(phone))?.session.token as string;
    const { data } = await admin.client.auth.admin.revokeUserSession({ sessionToken: phoneToken });
    expect(data).toEqual({ success: true });
    expect(await liveSession(phone)).toBeNull();
    expect((await liveSession(user.client))?.user.id).toBe(user.userId);
  });

  it("revokes all of them", async () => {
    const user = await createdUser(server);
    const phone = await anotherBrowser(server, user.email);
    const { data } = await admin.client.auth.admin.revokeUserSessions({ userId: user.userId });
    expect(data).toEqual({ success: true });
    expect(await liveSession(phone)).toBeNull();
    expect(await liveSession(user.client)).toBeNull();
    expect((await admin.client.auth.admin.listUserSessions({ userId: user.userId })).data?.sessions).toEqual([]);
  });
});
