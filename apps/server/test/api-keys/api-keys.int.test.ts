import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { type CreatedUser, createdUser, platformAdmin } from "../admin/platform-admins.ts";
import { DAY, freezeDate, SECOND } from "../support/fixtures.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer();

const rowOf = (id: string) => server.deps.db.selectFrom("apikey").selectAll().where("id", "=", id).executeTakeFirst();
const verify = (key: string) => server.deps.auth.api.verifyApiKey({ body: { key } });

async function keyOf(owner: CreatedUser, body: { name?: string; prefix?: string; expiresIn?: number } = {}) {
  const { data, error } = await owner.client.auth.apiKey.create({ name: "test key", ...body });
  if (!data) throw new Error(`api-key create failed: ${error?.message}`);
  return data;
}

describe("POST /api/auth/api-key/create", () => {
  it("creates a named key with a prefix and an expiry, and shows the key this once", async () => {
    const start = freezeDate();
    const owner = await createdUser(server);
    const created = await keyOf(owner, { name: "deploy bot", prefix: "ci_", expiresIn: 7 * 86400 });
    expect(created).toMatchObject({ name: "deploy bot", prefix: "ci_", enabled: true, referenceId: owner.userId });
    expect(created.key).toMatch(/^ci_[A-Za-z]{64}$/);
    // What lists show: as long as the default prefix (gate_) plus six characters.
    expect(created.start).toBe(created.key.slice(0, "gate_".length + 6));
    expect(new Date(created.expiresAt as Date).getTime()).toBe(start + 7 * DAY);
    expect((await verify(created.key)).valid).toBe(true);
  });

  it("prefixes keys with API_KEY_PREFIX (gate_) unless told otherwise", async () => {
    const created = await keyOf(await createdUser(server));
    expect(created.key.startsWith("gate_")).toBe(true);
    expect(created.expiresAt).toBeNull();
  });

  it("stores only a SHA-256 hash of the key: the secret appears nowhere in the row", async () => {
    const created = await keyOf(await createdUser(server));
    const row = await rowOf(created.id);
    expect(row?.key).not.toBe(created.key);
    expect(row?.key).toBe(createHash("sha256").update(created.key).digest("base64url"));
    expect(JSON.stringify(row)).not.toContain(created.key);
  });

  it("refuses an expiry under one day (better-auth's minimum) with 400", async () => {
    const { error } = await (await createdUser(server)).client.auth.apiKey.create({ name: "brief", expiresIn: 3600 });
    expect(error).toMatchObject({ status: 400, code: "EXPIRES_IN_IS_TOO_SMALL" });
  });

  it("refuses a request without a session with 401", async () => {
    expect((await server.client().post("/api/auth/api-key/create", { name: "anonymous" })).status).toBe(401);
  });
});

describe("GET /api/auth/api-key/list", () => {
  it("lists the user's own keys, never the secrets", async () => {
    const owner = await createdUser(server);
    const first = await keyOf(owner, { name: "first" });
    const second = await keyOf(owner, { name: "second" });
    await keyOf(await createdUser(server), { name: "someone else's" });

    const response = await owner.client.fetch("/api/auth/api-key/list");
    const text = await response.text();
    expect(text).not.toContain(first.key);
    expect(text).not.toContain(second.key);
    const body = JSON.parse(text);
    expect(body.total).toBe(2);
    expect(body.apiKeys.map((k: { name: string }) => k.name).sort()).toEqual(["first", "second"]);
    expect(body.apiKeys.every((k: object) => !("key" in k))).toBe(true);
  });
});

describe("POST /api/auth/api-key/update", () => {
  it("renames and disables a key; a disabled key no longer verifies", async () => {
    const owner = await createdUser(server);
    const created = await keyOf(owner, { name: "old name" });
    const { data, error } = await owner.client.auth.apiKey.update({ keyId: created.id, name: "new name", enabled: false });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: created.id, name: "new name", enabled: false });
    expect(data).not.toHaveProperty("key");
    expect(await verify(created.key)).toMatchObject({ valid: false, error: { code: "KEY_DISABLED" } });
  });
});

describe("another user's key", () => {
  it("cannot be read, updated or deleted: 404 as if it did not exist", async () => {
    const owner = await createdUser(server);
    const created = await keyOf(owner, { name: "mine" });
    const stranger = await createdUser(server);

    const read = await stranger.client.auth.apiKey.get({ query: { id: created.id } });
    expect(read.error).toMatchObject({ status: 404, code: "KEY_NOT_FOUND" });
    const update = await stranger.client.auth.apiKey.update({ keyId: created.id, name: "theirs", enabled: false });
    expect(update.error).toMatchObject({ status: 404, code: "KEY_NOT_FOUND" });
    const remove = await stranger.client.auth.apiKey.delete({ keyId: created.id });
    expect(remove.error).toMatchObject({ status: 404, code: "KEY_NOT_FOUND" });

    expect(await rowOf(created.id)).toMatchObject({ name: "mine" });
    expect((await verify(created.key)).valid).toBe(true);
  });
});

describe("POST /api/auth/api-key/delete", () => {
  it("deletes the key for good", async () => {
    const owner = await createdUser(server);
    const created = await keyOf(owner);
    expect((await owner.client.auth.apiKey.delete({ keyId: created.id })).data).toEqual({ success: true });
    expect(await rowOf(created.id)).toBeUndefined();
    expect(await verify(created.key)).toMatchObject({ valid: false, error: { code: "INVALID_API_KEY" } });
  });
});

describe("key expiry", () => {
  it("stops verifying a key once its expiry has passed", async () => {
    const start = freezeDate();
    const owner = await createdUser(server);
    const created = await keyOf(owner, { expiresIn: 86400 });
    vi.setSystemTime(start + DAY - SECOND);
    expect((await verify(created.key)).valid).toBe(true);
    vi.setSystemTime(start + DAY + SECOND);
    expect(await verify(created.key)).toMatchObject({ valid: false, error: { code: "KEY_EXPIRED", message: "API Key has expired" } });
  });
});

describe("POST /api/auth/api-key/delete-all-expired-api-keys", () => {
  it("lets a platform admin delete every expired key, and only those", async () => {
    const start = freezeDate();
    const owner = await createdUser(server);
    const expiring = await keyOf(owner, { name: "one day", expiresIn: 86400 });
    const lasting = await keyOf(owner, { name: "a month", expiresIn: 30 * 86400 });
    const forever = await keyOf(owner, { name: "forever" });
    const admin = await platformAdmin(server);

    vi.setSystemTime(start + 2 * DAY);
    const response = await admin.client.post("/api/auth/api-key/delete-all-expired-api-keys", {});
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, error: null });
    expect(body.deleted).toBeGreaterThanOrEqual(1);
    expect(await rowOf(expiring.id)).toBeUndefined();
    expect(await rowOf(lasting.id)).toBeDefined();
    expect(await rowOf(forever.id)).toBeDefined();
  });

  it("answers 403 to a user who is not a platform admin and 401 without a session", async () => {
    const user = await createdUser(server);
    const refused = await user.client.post("/api/auth/api-key/delete-all-expired-api-keys", {});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_EXPIRED_API_KEYS" });
    expect((await server.client().post("/api/auth/api-key/delete-all-expired-api-keys", {})).status).toBe(401);
  });
});

describe("keys and their owner's account", () => {
  it("stop verifying while the owner is banned, and again after the ban is lifted", async () => {
    const owner = await createdUser(server);
    const created = await keyOf(owner);
    const admin = await platformAdmin(server);
    await admin.client.auth.admin.banUser({ userId: owner.userId });
    expect((await verify(created.key)).valid).toBe(false);
    await admin.client.auth.admin.unbanUser({ userId: owner.userId });
    expect((await verify(created.key)).valid).toBe(true);
  });

  it("are deleted with the owner", async () => {
    const owner = await createdUser(server);
    const created = await keyOf(owner);
    const admin = await platformAdmin(server);
    await admin.client.auth.admin.removeUser({ userId: owner.userId });
    expect(await rowOf(created.id)).toBeUndefined();
  });
});

describe("GET /api/auth/get-session with an x-api-key header (API_KEY_SESSIONS=false, the default)", () => {
  it("answers null: a key is not a session for the identity API", async () => {
    const created = await keyOf(await createdUser(server));
    const response = await fetch(new URL("/api/auth/get-session", server.url), { headers: { "x-api-key": created.key } });
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    const mint = await fetch(new URL("/api/auth/api-key/create", server.url), {
      method: "POST",
      headers: { "x-api-key": created.key, "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ name: "successor" }),
    });
    expect(mint.status).toBe(401);
  });
});
