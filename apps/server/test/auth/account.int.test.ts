import { describe, expect, it, vi } from "vitest";
import { type BrowserClient, liveSession } from "../support/auth-client.ts";
import { freezeDate, SECOND, uniqueEmail } from "../support/fixtures.ts";
import { linkIn } from "../support/smtp-inbox.ts";
import { signedInUser, type TestServer, useTestServer } from "../support/test-server.ts";

const server = useTestServer();

const userRow = (s: TestServer, id: string) => s.deps.db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirst();

describe("POST /api/auth/update-user", () => {
  it("changes the name and image, and the session shows them", async () => {
    const { client } = await signedInUser(server, { name: "Before" });
    const response = await client.post("/api/auth/update-user", { name: "After", image: "https://img.example.com/a.png" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });

    const data = await liveSession(client);
    expect(data?.user).toMatchObject({ name: "After", image: "https://img.example.com/a.png" });
    // Another browser signing in later sees the stored values, not just this browser's cookie.
    const other = await server.client().auth.signIn.email({ email: data?.user.email ?? "", password: "correct horse battery" });
    expect(other.data?.user).toMatchObject({ name: "After", image: "https://img.example.com/a.png" });
  });

  it("answers 401 without a session", async () => {
    const response = await server.client().post("/api/auth/update-user", { name: "Nobody" });
    expect(response.status).toBe(401);
  });
});

describe("GET /api/auth/list-accounts", () => {
  it("lists the email-and-password login as one credential account", async () => {
    const { client, userId } = await signedInUser(server);
    const response = await client.fetch("/api/auth/list-accounts");
    expect(response.status).toBe(200);
    const accounts = await response.json();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ providerId: "credential", accountId: userId, scopes: [] });
    expect(typeof accounts[0].id).toBe("string");
    expect(Number.isNaN(Date.parse(accounts[0].createdAt))).toBe(false);
    // The password hash never leaves the server.
    expect(accounts[0]).not.toHaveProperty("password");
  });

  it("names each account's login method in a `provider` field, as SPEC §7 lists", async () => {
    const { client, userId } = await signedInUser(server);
    const accounts = await (await client.fetch("/api/auth/list-accounts")).json();
    expect(accounts[0]).toMatchObject({ provider: "credential", providerId: "credential", accountId: userId });
    expect(Object.keys(accounts[0])).toEqual(expect.arrayContaining(["id", "provider", "createdAt", "updatedAt", "accountId", "scopes"]));
  });
});

describe("POST /api/auth/unlink-account", () => {
  // SPEC §7: body "providerId, accountId?". better-auth 1.7.7 takes only its own row id
  // { accountId } and answered { providerId } with 400 VALIDATION_ERROR; auth/oauth-spec-hooks.ts
  // translates the SPEC form. Unlinking provider accounts: test/auth/account-linking.int.test.ts.
  it("accepts { providerId } with an optional accountId, as SPEC §7 lists", async () => {
    const { client, userId } = await signedInUser(server);
    for (const body of [{ providerId: "credential" }, { providerId: "credential", accountId: userId }]) {
      const response = await client.post("/api/auth/unlink-account", body);
      // Understood: the only account is the password login, which cannot go.
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "FAILED_TO_UNLINK_LAST_ACCOUNT", message: "You can't unlink your last account" });
    }
    const accounts = await (await client.fetch("/api/auth/list-accounts")).json();
    expect(accounts.map((a: { provider: string }) => a.provider)).toEqual(["credential"]);
  });
});

describe("POST /api/auth/change-email", () => {
  it("refuses the current address, whatever its case, with 400 'Email is the same'", async () => {
    const { client, email } = await signedInUser(server);
    const { error } = await client.auth.changeEmail({ newEmail: email.toUpperCase() });
    expect(error).toMatchObject({ status: 400, message: "Email is the same" });
  });

  it("refuses an invalid address with 400", async () => {
    const { client } = await signedInUser(server);
    const response = await client.post("/api/auth/change-email", { newEmail: "not-an-email" });
    expect(response.status).toBe(400);
  });

  it("answers 401 without a session", async () => {
    const response = await server.client().post("/api/auth/change-email", { newEmail: uniqueEmail("anon") });
    expect(response.status).toBe(401);
  });

  it("refuses an address another user already has with 422 'User already exists.' (SPEC §5)", async () => {
    const owner = await signedInUser(server);
    const taker = await signedInUser(server);
    const { error } = await taker.client.auth.changeEmail({ newEmail: owner.email.toUpperCase() });
    expect(error).toMatchObject({ status: 422, code: "USER_ALREADY_EXISTS", message: "User already exists." });
  });

  it("never hands over an address another user already has", async () => {
    const owner = await signedInUser(server);
    const taker = await signedInUser(server);
    await server.drainJobs();
    const mailsBefore = server.inbox.received.length;

    await taker.client.post("/api/auth/change-email", { newEmail: owner.email });
    await server.drainJobs();

    // No confirmation or verification mail goes out, to either address.
    expect(server.inbox.received.length).toBe(mailsBefore);
    expect((await liveSession(taker.client))?.user.email).toBe(taker.email);
    expect((await userRow(server, owner.userId))?.email).toBe(owner.email);
  });

  it("confirms with the current address, verifies the new one, then switches the login to it", async () => {
    const { client, email, password, userId } = await signedInUser(server);
    const newEmail = uniqueEmail("moved");

    const { data, error } = await client.auth.changeEmail({ newEmail: newEmail.toUpperCase(), callbackURL: "/settings" });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: true });
    await server.drainJobs();

    // Step 1: the current address is asked to approve; nothing goes to the new one yet.
    const confirmation = server.inbox.to(email).at(-1);
    expect(confirmation?.subject).toBe("Confirm your email change");
    expect(confirmation?.text).toContain(newEmail);
    expect(server.inbox.to(newEmail)).toHaveLength(0);
    expect((await liveSession(client))?.user.email).toBe(email);

    const approve = await client.fetch(linkIn(confirmation));
    expect(approve.status).toBe(302);
    expect(approve.headers.get("location")).toBe("/settings");
    await server.drainJobs();

    // Step 2: the new address proves it is reachable; until then the login is unchanged.
    const verification = server.inbox.to(newEmail).at(-1);
    expect(verification?.subject).toBe("Verify your email address");
    expect((await userRow(server, userId))?.email).toBe(email);

    const verify = await client.fetch(linkIn(verification));
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/settings");

    expect((await liveSession(client))?.user).toMatchObject({ id: userId, email: newEmail, emailVerified: true });

    const withNew = await server.client().auth.signIn.email({ email: newEmail, password });
    expect(withNew.data?.user).toMatchObject({ id: userId, email: newEmail });
    const withOld = await server.client().auth.signIn.email({ email, password });
    expect(withOld.error).toMatchObject({ status: 401, message: "Invalid email or password" });
  });
});

describe("POST /api/auth/delete-user", () => {
  it("refuses a wrong password with 400 'Invalid password' and keeps the account", async () => {
    const { client, userId } = await signedInUser(server);
    const { error } = await client.auth.deleteUser({ password: "not my password" });
    expect(error).toMatchObject({ status: 400, message: "Invalid password" });
    expect(await userRow(server, userId)).toBeDefined();
    expect((await liveSession(client))?.user.id).toBe(userId);
  });

  it("answers 401 without a session", async () => {
    const response = await server.client().post("/api/auth/delete-user", {});
    expect(response.status).toBe(401);
  });

  it("with the right password still asks for confirmation by mail, since deletion mails are configured", async () => {
    const { client, email, password, userId } = await signedInUser(server);
    const { data, error } = await client.auth.deleteUser({ password });
    expect(error).toBeNull();
    expect(data).toEqual({ success: true, message: "Verification email sent" });
    await server.drainJobs();
    expect(server.inbox.to(email).at(-1)?.subject).toBe("Confirm account deletion");
    expect(await userRow(server, userId)).toBeDefined();
  });

  it("without a password mails a link that deletes the account and redirects to the callback", async () => {
    const { client, email, password, userId } = await signedInUser(server);
    const response = await client.post("/api/auth/delete-user", { callbackURL: "/goodbye" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Verification email sent" });
    // Nothing is deleted until the link is followed.
    expect(await userRow(server, userId)).toBeDefined();

    await server.drainJobs();
    const mail = server.inbox.to(email).at(-1);
    expect(mail?.subject).toBe("Confirm account deletion");
    const link = new URL(linkIn(mail));
    expect(link.pathname).toBe("/api/auth/delete-user/callback");
    expect(link.searchParams.get("callbackURL")).toBe("/goodbye");
    expect(link.searchParams.get("token")).toMatch(/^[0-9a-z]{32}$/);

    const follow = await client.fetch(link.toString());
    expect(follow.status).toBe(302);
    expect(follow.headers.get("location")).toBe("/goodbye");

    expect(await userRow(server, userId)).toBeUndefined();
    expect(await server.deps.db.selectFrom("account").select("id").where("userId", "=", userId).execute()).toEqual([]);
    expect(await server.deps.db.selectFrom("session").select("id").where("userId", "=", userId).execute()).toEqual([]);
    // The browser is signed out, and the old credentials no longer work.
    expect(client.cookies.size).toBe(0);
    expect((await client.auth.getSession()).data).toBeNull();
    const signIn = await server.client().auth.signIn.email({ email, password });
    expect(signIn.error).toMatchObject({ status: 401, message: "Invalid email or password" });
  });

  it("accepts the mailed token in the body and answers 'User deleted'", async () => {
    const { client, email, userId } = await signedInUser(server);
    await client.post("/api/auth/delete-user", {});
    await server.drainJobs();
    const token = new URL(linkIn(server.inbox.to(email).at(-1))).searchParams.get("token");

    const { data, error } = await client.auth.deleteUser({ token: token ?? "" });
    expect(error).toBeNull();
    expect(data).toEqual({ success: true, message: "User deleted" });
    expect(await userRow(server, userId)).toBeUndefined();
    expect(await liveSession(client)).toBeNull();
  });

  it("POST /delete-user with the mailed token signs the browser out: GET /get-session answers null at once", async () => {
    const { client, email } = await signedInUser(server);
    await client.post("/api/auth/delete-user", {});
    await server.drainJobs();
    const token = new URL(linkIn(server.inbox.to(email).at(-1))).searchParams.get("token");
    const response = await client.post("/api/auth/delete-user", { token });
    expect(await response.json()).toEqual({ success: true, message: "User deleted" });
    // The cookie-cached read, not only the database one, must forget the deleted user.
    expect((await client.auth.getSession()).data).toBeNull();
    expect([...client.cookies.keys()].filter((name) => name.includes("session"))).toEqual([]);
  });

  it("a deletion link works once: it fails for an account created again with the same email", async () => {
    const first = await signedInUser(server);
    await first.client.post("/api/auth/delete-user", { callbackURL: "/goodbye" });
    await server.drainJobs();
    const link = linkIn(server.inbox.to(first.email).at(-1));
    expect((await first.client.fetch(link)).status).toBe(302);
    expect(await userRow(server, first.userId)).toBeUndefined();

    const again = await signedInUser(server, { email: first.email });
    const reuse = await again.client.fetch(link);
    expect(reuse.status).toBe(404);
    expect(await reuse.json()).toMatchObject({ message: "Invalid token" });
    expect(await userRow(server, again.userId)).toBeDefined();
    expect((await liveSession(again.client))?.user.id).toBe(again.userId);
  });
});

describe("session freshness (SESSION_FRESH_AGE=60)", () => {
  const stale = useTestServer({ SESSION_FRESH_AGE: "60" });

  const accountIdOf = async (client: BrowserClient) => {
    const accounts = await (await client.fetch("/api/auth/list-accounts")).json();
    return accounts[0].id as string;
  };

  it("unlinking an account needs a session younger than the fresh age: 403 'Session is not fresh' after it", async () => {
    const { client } = await signedInUser(stale);
    const accountId = await accountIdOf(client);
    const start = freezeDate();

    // Still fresh after 30 s: the request gets past the freshness check to the last-account rule.
    vi.setSystemTime(start + 30 * SECOND);
    const fresh = await client.post("/api/auth/unlink-account", { accountId });
    expect(fresh.status).toBe(400);
    expect(await fresh.json()).toMatchObject({ message: "You can't unlink your last account" });

    // Past 60 s the session is still valid but no longer fresh.
    vi.setSystemTime(start + 61 * SECOND);
    const notFresh = await client.post("/api/auth/unlink-account", { accountId });
    expect(notFresh.status).toBe(403);
    expect(await notFresh.json()).toMatchObject({ code: "SESSION_NOT_FRESH", message: "Session is not fresh" });
    expect((await liveSession(client))?.session).toBeTruthy();
  });

  it("signing in again makes the session fresh again", async () => {
    const { client, email, password } = await signedInUser(stale);
    vi.setSystemTime(freezeDate() + 5 * 60 * SECOND);
    const accountId = await accountIdOf(client);
    expect((await client.post("/api/auth/unlink-account", { accountId })).status).toBe(403);

    const { error } = await client.auth.signIn.email({ email, password });
    expect(error).toBeNull();
    const response = await client.post("/api/auth/unlink-account", { accountId });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "You can't unlink your last account" });
  });

  it("delete-user without password or token on a stale session answers 403 'Session is not fresh' and mails nothing", async () => {
    const { client, email } = await signedInUser(stale);
    await stale.drainJobs();
    const before = stale.inbox.to(email).length;
    vi.setSystemTime(freezeDate() + 2 * 60 * SECOND);
    const response = await client.post("/api/auth/delete-user", {});
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "SESSION_NOT_FRESH", message: "Session is not fresh" });
    await stale.drainJobs();
    expect(stale.inbox.to(email)).toHaveLength(before);
  });

  it("delete-user on a fresh session mails the confirmation link", async () => {
    const { client, email } = await signedInUser(stale);
    const { data } = await client.auth.deleteUser({});
    expect(data).toEqual({ success: true, message: "Verification email sent" });
    await stale.drainJobs();
    expect(stale.inbox.to(email).at(-1)?.subject).toBe("Confirm account deletion");
  });

  it("a stale session alone cannot delete the account", async () => {
    const { client, userId } = await signedInUser(stale);
    vi.setSystemTime(freezeDate() + 2 * 60 * SECOND);
    await client.post("/api/auth/delete-user", {});
    expect(await userRow(stale, userId)).toBeDefined();
    expect((await liveSession(client))?.user.id).toBe(userId);
  });
});
