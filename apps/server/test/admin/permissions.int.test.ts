import { beforeAll, describe, expect, it } from "vitest";
import { liveSession } from "../support/auth-client.ts";
import { uniqueEmail } from "../support/fixtures.ts";
import { userByEmail, useTestServer } from "../support/test-server.ts";
import { type CreatedUser, createdUser, PASSWORD, platformAdmin } from "./platform-admins.ts";

const server = useTestServer();

/** Every platform-admin endpoint (SPEC §6), with a body aimed at `target`, and its refusal code. */
const endpoints = (target: CreatedUser, targetToken: string) =>
  [
    ["POST", "/admin/create-user", { email: uniqueEmail("made"), password: PASSWORD, name: "Made" }, "YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS"],
    ["GET", `/admin/list-users?searchValue=${target.email}`, undefined, "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS"],
    ["GET", `/admin/get-user?id=${target.userId}`, undefined, "YOU_ARE_NOT_ALLOWED_TO_GET_USER"],
    ["POST", "/admin/update-user", { userId: target.userId, data: { name: "Renamed" } }, "YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS"],
    ["POST", "/admin/set-role", { userId: target.userId, role: "admin" }, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE"],
    ["POST", "/admin/ban-user", { userId: target.userId }, "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS"],
    ["POST", "/admin/unban-user", { userId: target.userId }, "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS"],
    ["POST", "/admin/impersonate-user", { userId: target.userId }, "YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS"],
    ["POST", "/admin/remove-user", { userId: target.userId }, "YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS"],
    [
      "POST",
      "/admin/set-user-password",
      { userId: target.userId, newPassword: "taken over now" },
      "YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD",
    ],
    ["POST", "/admin/list-user-sessions", { userId: target.userId }, "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS"],
    ["POST", "/admin/revoke-user-session", { sessionToken: targetToken }, "YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS"],
    ["POST", "/admin/revoke-user-sessions", { userId: target.userId }, "YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS"],
    ["POST", "/api-key/delete-all-expired-api-keys", {}, "YOU_ARE_NOT_ALLOWED_TO_DELETE_EXPIRED_API_KEYS"],
  ] as const;

const call = (client: CreatedUser["client"], method: string, path: string, body: unknown) =>
  method === "GET" ? client.fetch(`/api/auth${path}`) : client.post(`/api/auth${path}`, body);

describe("platform-admin endpoints refuse everyone but platform admins", () => {
  let target: CreatedUser;
  let targetToken: string;
  beforeAll(async () => {
    target = await createdUser(server, { name: "Target" });
    targetToken = (await liveSession(target.client))?.session.token as string;
  });

  it("answers 403 with the plugin's code to a signed-in user with the platform role user, and changes nothing", async () => {
    const user = await createdUser(server);
    for (const [method, path, body, code] of endpoints(target, targetToken)) {
      const response = await call(user.client, method, path, body);
      expect({ path, status: response.status, code: (await response.json()).code }).toEqual({ path, status: 403, code });
    }
    expect(await userByEmail(server, target.email)).toMatchObject({ name: "Target", role: "user" });
    expect(Boolean((await userByEmail(server, target.email))?.banned)).toBe(false);
    expect((await liveSession(target.client))?.user.id).toBe(target.userId);
    expect((await liveSession(user.client))?.user.id).toBe(user.userId);
  });

  it("answers 401 to a request without a session", async () => {
    const anonymous = server.client();
    for (const [method, path, body] of endpoints(target, targetToken)) {
      const response = await call(anonymous as CreatedUser["client"], method, path, body);
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
    }
    expect(await userByEmail(server, target.email)).toMatchObject({ name: "Target", role: "user" });
  });

  it("answers POST /admin/stop-impersonating with 401 without a session", async () => {
    expect((await server.client().post("/api/auth/admin/stop-impersonating", {})).status).toBe(401);
  });
});

describe("combined platform roles", () => {
  it("grants admin rights to a comma-separated role list that includes admin", async () => {
    const admin = await platformAdmin(server);
    const user = await createdUser(server);
    const { data } = await admin.client.auth.admin.setRole({ userId: user.userId, role: ["user", "admin"] });
    expect(data?.user.role).toBe("user,admin");
    expect((await user.client.auth.admin.listUsers({ query: { limit: 1 } })).error).toBeNull();
    expect((await user.client.post("/api/auth/api-key/delete-all-expired-api-keys", {})).status).toBe(200);
  });
});
