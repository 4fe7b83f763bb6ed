import { describe, expect, it, vi } from "vitest";
import { type CreatedUser, createdUser, PASSWORD, platformAdmin } from "../admin/platform-admins.ts";
import { DAY, freezeDate, SECOND } from "../support/fixtures.ts";
import { useTestServer } from "../support/test-server.ts";

// The opt-in: a key acts as its owner on the identity API (docs/admin.md says why it is off by default).
const server = useTestServer({ API_KEY_SESSIONS: "true" });

async function keyOf(owner: CreatedUser, body: { expiresIn?: number } = {}) {
  const { data, error } = await owner.client.auth.apiKey.create({ name: "session key", ...body });
  if (!data) throw new Error(`api-key create failed: ${error?.message}`);
  return data.key;
}

/** A request that carries only the key: no cookies, as a script would send it. */
const withKey = (key: string, path: string, body?: unknown) =>
  fetch(new URL(`/api/auth${path}`, server.url), {
    method: body === undefined ? "GET" : "POST",
    headers: { "x-api-key": key, origin: server.url, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe("GET /api/auth/get-session with an x-api-key header (API_KEY_SESSIONS=true)", () => {
  it("answers the key owner's session", async () => {
    const owner = await createdUser(server);
    const response = await withKey(await keyOf(owner), "/get-session");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user).toMatchObject({ id: owner.userId, email: owner.email });
    expect(body.session).toMatchObject({ userId: owner.userId });
  });

  it("refuses an expired key with 401", async () => {
    const start = freezeDate();
    const owner = await createdUser(server);
    const key = await keyOf(owner, { expiresIn: 86400 });
    vi.setSystemTime(start + DAY + SECOND);
    const response = await withKey(key, "/get-session");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "KEY_EXPIRED" });
  });

  it("refuses the key of a banned owner", async () => {
    const owner = await createdUser(server);
    const key = await keyOf(owner);
    const admin = await platformAdmin(server);
    await admin.client.auth.admin.banUser({ userId: owner.userId });
    const response = await withKey(key, "/get-session");
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "INVALID_API_KEY" });
  });
});

describe("what a key may not do even as a session", () => {
  it("works in organizations but reaches nothing that would outlive the key: passkeys, linked accounts, sessions, password, e-mail", async () => {
    const owner = await createdUser(server);
    const key = await keyOf(owner);
    expect((await withKey(key, "/organization/list")).status).toBe(200);
    for (const [path, body] of [
      ["/passkey/generate-register-options", undefined],
      ["/link-social", { provider: "github" }],
      ["/list-sessions", undefined],
      ["/revoke-other-sessions", {}],
      ["/change-password", { currentPassword: PASSWORD, newPassword: "stolen by a script" }],
      ["/change-email", { newEmail: "thief@example.com" }],
    ] as const) {
      const response = await withKey(key, path, body);
      expect({ path, status: response.status, code: (await response.json()).code }).toEqual({
        path,
        status: 403,
        code: "API_KEY_SESSION_NOT_ALLOWED_HERE",
      });
    }
    expect((await server.client().auth.signIn.email({ email: owner.email, password: PASSWORD })).error).toBeNull();
  });

  it("cannot create, update or delete keys, so a leaked key cannot mint its successors", async () => {
    const owner = await createdUser(server);
    const key = await keyOf(owner);
    const { data: listed } = await owner.client.auth.apiKey.list();
    const keyId = listed?.apiKeys[0]?.id as string;
    for (const [path, body] of [
      ["/api-key/create", { name: "successor" }],
      ["/api-key/update", { keyId, enabled: false }],
      ["/api-key/delete", { keyId }],
    ] as const) {
      const response = await withKey(key, path, body);
      expect({ path, status: response.status, code: (await response.json()).code }).toEqual({
        path,
        status: 403,
        code: "API_KEY_CANNOT_MANAGE_API_KEYS",
      });
    }
    const { data: after } = await owner.client.auth.apiKey.list();
    expect(after?.apiKeys.map((k) => ({ id: k.id, enabled: k.enabled }))).toEqual([{ id: keyId, enabled: true }]);
  });

  it("still lets the owner manage keys from their signed-in browser", async () => {
    const owner = await createdUser(server);
    expect((await owner.client.auth.apiKey.create({ name: "from the browser" })).error).toBeNull();
  });
});
