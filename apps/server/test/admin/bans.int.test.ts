import { beforeAll, describe, expect, it, vi } from "vitest";
import { liveSession } from "../support/auth-client.ts";
import { freezeDate, SECOND } from "../support/fixtures.ts";
import { uniqueSlug } from "../support/organizations.ts";
import { userByEmail, useTestServer } from "../support/test-server.ts";
import { anotherBrowser, type CreatedUser, createdUser, PASSWORD, platformAdmin } from "./platform-admins.ts";

const SESSION_COOKIE = "better-auth.session_token";
const BANNED_MESSAGE = "You have been banned from this application. Please contact support if you believe this is an error.";

const server = useTestServer();

let admin: CreatedUser;
beforeAll(async () => {
  admin = await platformAdmin(server);
});

const signIn = (email: string) => server.client().auth.signIn.email({ email, password: PASSWORD });

describe("POST /api/auth/admin/ban-user", () => {
  it("records the reason and the expiry", async () => {
    const start = freezeDate();
    const user = await createdUser(server, { signIn: false });
    const { data, error } = await admin.client.auth.admin.banUser({ userId: user.userId, banReason: "spam", banExpiresIn: 3600 });
    expect(error).toBeNull();
    expect(data?.user).toMatchObject({ id: user.userId, banned: true, banReason: "spam" });
    expect(new Date(data?.user.banExpires as Date).getTime()).toBe(start + 3600 * SECOND);
  });

  it("bans for good, with better-auth's default reason, when neither is given", async () => {
    const user = await createdUser(server, { signIn: false });
    const { data } = await admin.client.auth.admin.banUser({ userId: user.userId });
    expect(data?.user).toMatchObject({ banned: true, banReason: "No reason", banExpires: null });
  });

  it("ends every session of the banned user", async () => {
    const user = await createdUser(server);
    const phone = await anotherBrowser(server, user.email);
    await admin.client.auth.admin.banUser({ userId: user.userId, banReason: "abuse" });
    expect(await liveSession(user.client)).toBeNull();
    expect(await liveSession(phone)).toBeNull();
    expect((await admin.client.auth.admin.listUserSessions({ userId: user.userId })).data?.sessions).toEqual([]);
  });

  it("refuses the banned user's next sign-in with 403 and better-auth's banned message", async () => {
    const user = await createdUser(server, { signIn: false });
    await admin.client.auth.admin.banUser({ userId: user.userId });
    const { error } = await signIn(user.email);
    expect(error).toMatchObject({ status: 403, code: "BANNED_USER", message: BANNED_MESSAGE });
  });

  it("stops a cached session cookie at the first protected call; only get-session may lag by the cache's 60 s", async () => {
    const user = await createdUser(server);
    // Signing in filled the browser's cookie cache with the session and the user.
    expect((await user.client.auth.getSession()).data?.user.id).toBe(user.userId);
    await admin.client.auth.admin.banUser({ userId: user.userId });

    // GET /get-session answers from the signed cookie for up to COOKIE_CACHE_MAX_AGE (better-auth)…
    expect((await user.client.auth.getSession()).data?.user.id).toBe(user.userId);
    // …but every other endpoint reads the database: refused, and the cookies are cleared.
    const listed = await user.client.fetch("/api/auth/list-sessions");
    expect(listed.status).toBe(401);
    expect(listed.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Max-Age=0/i);
    expect((await user.client.auth.getSession()).data).toBeNull();
  });

  it("refuses protected calls made with a stale cache cookie even when the browser keeps sending it", async () => {
    const user = await createdUser(server);
    const cookies = new Map(user.client.cookies);
    await admin.client.auth.admin.banUser({ userId: user.userId });
    // A client that ignores the clearing Set-Cookie headers and replays its old cookies.
    const replay = (path: string, init: RequestInit = {}) =>
      fetch(new URL(path, server.url), {
        ...init,
        headers: { ...init.headers, origin: server.url, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
    const json = { method: "POST", headers: { "content-type": "application/json" } };
    expect((await replay("/api/auth/api-key/create", { ...json, body: JSON.stringify({ name: "escape hatch" }) })).status).toBe(401);
    expect((await replay("/api/auth/update-user", { ...json, body: JSON.stringify({ name: "Still here" }) })).status).toBe(401);
    expect((await replay("/api/auth/organization/list")).status).toBe(401);
    expect((await userByEmail(server, user.email))?.name).toBe("Test User");
  });

  it("refuses a replayed cache cookie on endpoints whose hooks look the session up first", async () => {
    const user = await createdUser(server);
    const created = await user.client.auth.organization.create({ name: "Banned Co", slug: uniqueSlug("banned") });
    const organizationId = created.data?.id as string;
    await user.client.auth.getSession();
    const cookies = new Map(user.client.cookies);
    await admin.client.auth.admin.banUser({ userId: user.userId });
    const replay = (path: string, body?: unknown) =>
      fetch(new URL(path, server.url), {
        method: body === undefined ? "GET" : "POST",
        headers: {
          origin: server.url,
          "content-type": "application/json",
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    // Each of these runs a Gatehouse before-hook that reads the session before the endpoint does.
    const attempts = [
      replay("/api/auth/organization/update", { organizationId, data: { name: "Renamed by banned" } }),
      replay("/api/auth/organization/invite-member", { organizationId, email: "someone@example.com", role: "member" }),
      replay("/api/auth/organization/has-permission", { organizationId, permissions: { organization: ["delete"] } }),
      replay(`/api/auth/organization/list-invitations?organizationId=${organizationId}`),
      replay("/api/auth/organization/delete", { organizationId }),
    ];
    expect((await Promise.all(attempts)).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    const organization = await server.deps.db.selectFrom("organization").select("name").where("id", "=", organizationId).executeTakeFirst();
    expect(organization?.name).toBe("Banned Co");
    expect(await server.deps.db.selectFrom("invitation").select("id").where("organizationId", "=", organizationId).execute()).toEqual([]);
  });

  it("refuses to ban the admin themself with 400", async () => {
    const { error } = await admin.client.auth.admin.banUser({ userId: admin.userId });
    expect(error).toMatchObject({ status: 400, code: "YOU_CANNOT_BAN_YOURSELF" });
  });

  it("lifts an expired ban by itself: sign-in works again once banExpires has passed", async () => {
    const start = freezeDate();
    const user = await createdUser(server, { signIn: false });
    await admin.client.auth.admin.banUser({ userId: user.userId, banReason: "cool down", banExpiresIn: 3600 });

    vi.setSystemTime(start + 3599 * SECOND);
    expect((await signIn(user.email)).error).toMatchObject({ status: 403, code: "BANNED_USER" });

    vi.setSystemTime(start + 3601 * SECOND);
    expect((await signIn(user.email)).error).toBeNull();
    expect(await userByEmail(server, user.email)).toMatchObject({ banReason: null, banExpires: null });
    expect(Boolean((await userByEmail(server, user.email))?.banned)).toBe(false);
  });
});

describe("POST /api/auth/admin/unban-user", () => {
  it("lets the user sign in again", async () => {
    const user = await createdUser(server, { signIn: false });
    await admin.client.auth.admin.banUser({ userId: user.userId, banReason: "mistake" });
    const { data } = await admin.client.auth.admin.unbanUser({ userId: user.userId });
    expect(data?.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
    expect((await signIn(user.email)).error).toBeNull();
  });
});
