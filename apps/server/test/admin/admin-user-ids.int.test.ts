import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { liveSession } from "../support/auth-client.ts";
import { uniqueEmail } from "../support/fixtures.ts";
import { userByEmail, useTestServer } from "../support/test-server.ts";
import { type CreatedUser, createdUser, PASSWORD, platformAdmin } from "./platform-admins.ts";

// The id must be in the configuration before the server starts, so the user is created with it.
const configuredId = `configured-admin-${randomBytes(4).toString("hex")}`;
const server = useTestServer({ ADMIN_USER_IDS: `someone-else, ${configuredId}` });

describe("ADMIN_USER_IDS", () => {
  let configured: CreatedUser;
  beforeAll(async () => {
    configured = await createdUser(server, { id: configuredId, role: "user", name: "Configured" });
  });

  it("allows every admin action to a configured id whose role is user", async () => {
    expect((await userByEmail(server, configured.email))?.role).toBe("user");
    const admin = configured.client.auth.admin;
    const target = await createdUser(server, { signIn: false });

    expect((await admin.listUsers({ query: { searchValue: target.email } })).data?.total).toBe(1);
    expect((await admin.createUser({ email: uniqueEmail("made"), password: PASSWORD, name: "Made" })).error).toBeNull();
    expect((await admin.setRole({ userId: target.userId, role: "admin" })).error).toBeNull();
    expect((await admin.setRole({ userId: target.userId, role: "user" })).error).toBeNull();
    expect((await admin.banUser({ userId: target.userId, banReason: "test" })).error).toBeNull();
    expect((await admin.unbanUser({ userId: target.userId })).error).toBeNull();
    expect((await admin.setUserPassword({ userId: target.userId, newPassword: "set by the configured admin" })).error).toBeNull();
    expect((await admin.listUserSessions({ userId: target.userId })).error).toBeNull();
    expect((await admin.revokeUserSessions({ userId: target.userId })).error).toBeNull();
    expect((await configured.client.post("/api/auth/api-key/delete-all-expired-api-keys", {})).status).toBe(200);

    expect((await admin.impersonateUser({ userId: target.userId })).error).toBeNull();
    expect((await liveSession(configured.client))?.session.impersonatedBy).toBe(configuredId);
    expect((await configured.client.auth.admin.stopImpersonating()).error).toBeNull();

    expect((await admin.removeUser({ userId: target.userId })).error).toBeNull();
    expect(await userByEmail(server, target.email)).toBeUndefined();
  });

  it("counts a configured id as an admin that admins with the role may not impersonate", async () => {
    const admin = await platformAdmin(server);
    const { error } = await admin.client.auth.admin.impersonateUser({ userId: configuredId });
    expect(error).toMatchObject({ status: 403, code: "YOU_CANNOT_IMPERSONATE_ADMINS" });
  });

  it("lets a configured id impersonate an admin (better-auth grants configured ids every permission)", async () => {
    const admin = await platformAdmin(server);
    const browser = server.client();
    expect((await browser.auth.signIn.email({ email: configured.email, password: PASSWORD })).error).toBeNull();
    expect((await browser.auth.admin.impersonateUser({ userId: admin.userId })).error).toBeNull();
    expect((await liveSession(browser))?.user.id).toBe(admin.userId);
  });

  it("leaves other users with the role user without rights", async () => {
    const user = await createdUser(server);
    expect((await user.client.auth.admin.listUsers({ query: {} })).error?.status).toBe(403);
  });
});
