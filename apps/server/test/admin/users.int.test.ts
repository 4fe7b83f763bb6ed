import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { liveSession } from "../support/auth-client.ts";
import { uniqueEmail } from "../support/fixtures.ts";
import { userByEmail, useTestServer } from "../support/test-server.ts";
import { type CreatedUser, createdUser, PASSWORD, platformAdmin } from "./platform-admins.ts";

const server = useTestServer();

let admin: CreatedUser;
beforeAll(async () => {
  admin = await platformAdmin(server, { name: "Platform Admin" });
});

describe("POST /api/auth/admin/create-user", () => {
  it("creates a user who can then sign in with the password the admin chose", async () => {
    const email = uniqueEmail("created");
    const { data, error } = await admin.client.auth.admin.createUser({
      email,
      password: "a perfectly fine password",
      name: "Grace",
      role: "user",
      data: { emailVerified: true },
    });
    expect(error).toBeNull();
    expect(data?.user).toMatchObject({ email, name: "Grace", role: "user", emailVerified: true, banned: false });
    const browser = server.client();
    expect((await browser.auth.signIn.email({ email, password: "a perfectly fine password" })).error).toBeNull();
    expect((await liveSession(browser))?.user.email).toBe(email);
  });

  it("refuses an address that already has an account with 400", async () => {
    const { error } = await admin.client.auth.admin.createUser({ email: admin.email, password: PASSWORD, name: "Twin" });
    expect(error).toMatchObject({
      status: 400,
      code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
      message: "User already exists. Use another email.",
    });
  });

  it("refuses a password shorter than the minimum with 400 (better-auth checks only the maximum)", async () => {
    const { error } = await admin.client.auth.admin.createUser({ email: uniqueEmail("short"), password: "short", name: "Short" });
    expect(error).toMatchObject({ status: 400, code: "PASSWORD_TOO_SHORT", message: "Password too short" });
  });

  it("refuses a role that is not a platform role with 400", async () => {
    const { error } = await admin.client.auth.admin.createUser({
      email: uniqueEmail("odd"),
      password: PASSWORD,
      name: "Odd",
      role: "superuser" as "user",
    });
    expect(error).toMatchObject({ status: 400, code: "YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE" });
  });
});

describe("GET /api/auth/admin/list-users", () => {
  // Five users of this test alone, told apart from everyone else by a tag in their name and address.
  const tag = `t${randomBytes(3).toString("hex")}`;
  const people = ["alice", "bob", "carol", "dave", "erin"];
  beforeAll(async () => {
    for (const [i, first] of people.entries()) {
      await createdUser(server, {
        email: `${tag}-${first}@example.com`,
        name: `${tag} ${first}`,
        role: i % 2 ? "admin" : "user",
        signIn: false,
      });
    }
  });
  const list = async (query: Record<string, string | number>) => {
    const { data, error } = await admin.client.auth.admin.listUsers({ query: { searchValue: tag, ...query } });
    expect(error).toBeNull();
    // The answer carries limit and offset; better-auth's client type leaves them out.
    const page = data as { limit?: number; offset?: number } | null;
    return { total: data?.total, names: data?.users.map((u) => u.name.slice(tag.length + 1)), limit: page?.limit, offset: page?.offset };
  };

  it("searches by e-mail (the default field) and reports the total", async () => {
    const { total, names } = await list({ searchField: "email", sortBy: "name" });
    expect(total).toBe(5);
    expect(names).toEqual(people);
  });

  it("searches by name with an operator", async () => {
    const { total, names } = await list({ searchValue: `${tag} c`, searchField: "name", searchOperator: "starts_with" });
    expect(total).toBe(1);
    expect(names).toEqual(["carol"]);
  });

  it("filters by a field on top of the search", async () => {
    const { total, names } = await list({ filterField: "role", filterValue: "admin", filterOperator: "eq", sortBy: "name" });
    expect(total).toBe(2);
    expect(names).toEqual(["bob", "dave"]);
  });

  it("sorts in either direction", async () => {
    expect((await list({ sortBy: "name", sortDirection: "desc" })).names).toEqual([...people].reverse());
  });

  it("pages with limit and offset, still reporting the total of all matches", async () => {
    expect(await list({ sortBy: "name", limit: 2, offset: 2 })).toEqual({ total: 5, names: ["carol", "dave"], limit: 2, offset: 2 });
    expect(await list({ sortBy: "name", limit: 2, offset: 4 })).toEqual({ total: 5, names: ["erin"], limit: 2, offset: 4 });
  });
});

describe("GET /api/auth/admin/get-user and POST /api/auth/admin/update-user", () => {
  it("reads and changes another user's profile", async () => {
    const user = await createdUser(server, { name: "Before", signIn: false });
    const got = await admin.client.auth.admin.getUser({ query: { id: user.userId } });
    expect(got.data).toMatchObject({ id: user.userId, email: user.email, name: "Before" });
    const updated = await admin.client.auth.admin.updateUser({ userId: user.userId, data: { name: "After" } });
    expect(updated.error).toBeNull();
    expect((await userByEmail(server, user.email))?.name).toBe("After");
  });
});

describe("POST /api/auth/admin/set-role", () => {
  it("makes a user a platform admin and back, effective on their next request", async () => {
    const user = await createdUser(server);
    expect((await user.client.auth.admin.listUsers({ query: {} })).error?.status).toBe(403);

    const promoted = await admin.client.auth.admin.setRole({ userId: user.userId, role: "admin" });
    expect(promoted.data?.user).toMatchObject({ id: user.userId, role: "admin" });
    expect((await user.client.auth.admin.listUsers({ query: {} })).error).toBeNull();

    await admin.client.auth.admin.setRole({ userId: user.userId, role: "user" });
    expect((await user.client.auth.admin.listUsers({ query: {} })).error?.status).toBe(403);
  });

  it("refuses a role that is not a platform role with 400", async () => {
    const user = await createdUser(server, { signIn: false });
    const { error } = await admin.client.auth.admin.setRole({ userId: user.userId, role: "owner" as "user" });
    expect(error).toMatchObject({ status: 400, code: "YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE" });
    expect((await userByEmail(server, user.email))?.role).toBe("user");
  });
});

describe("POST /api/auth/admin/remove-user", () => {
  it("deletes the user: their session ends and their password no longer signs in", async () => {
    const user = await createdUser(server);
    const { data } = await admin.client.auth.admin.removeUser({ userId: user.userId });
    expect(data).toEqual({ success: true });
    expect(await userByEmail(server, user.email)).toBeUndefined();
    expect(await liveSession(user.client)).toBeNull();
    const again = await server.client().auth.signIn.email({ email: user.email, password: PASSWORD });
    expect(again.error).toMatchObject({ status: 401, message: "Invalid email or password" });
  });

  it("refuses to delete the admin's own account with 400", async () => {
    const { error } = await admin.client.auth.admin.removeUser({ userId: admin.userId });
    expect(error).toMatchObject({ status: 400, code: "YOU_CANNOT_REMOVE_YOURSELF" });
  });

  it("answers 404 for an unknown user", async () => {
    const { error } = await admin.client.auth.admin.removeUser({ userId: "no-such-user" });
    expect(error).toMatchObject({ status: 404, message: "User not found" });
  });
});

describe("POST /api/auth/admin/set-user-password", () => {
  it("replaces a user's password: the old one stops working, the new one signs in", async () => {
    const user = await createdUser(server, { signIn: false });
    const { data } = await admin.client.auth.admin.setUserPassword({ userId: user.userId, newPassword: "a brand new secret" });
    expect(data).toEqual({ status: true });
    expect((await server.client().auth.signIn.email({ email: user.email, password: PASSWORD })).error?.status).toBe(401);
    expect((await server.client().auth.signIn.email({ email: user.email, password: "a brand new secret" })).error).toBeNull();
  });

  it("gives a password to a user who had none (the spec's server-only set-password)", async () => {
    const email = uniqueEmail("passwordless");
    const created = await admin.client.auth.admin.createUser({ email, name: "No Password", data: { emailVerified: true } });
    const userId = created.data?.user.id as string;
    expect((await server.client().auth.signIn.email({ email, password: "finally a password" })).error?.status).toBe(401);

    await admin.client.auth.admin.setUserPassword({ userId, newPassword: "finally a password" });
    expect((await server.client().auth.signIn.email({ email, password: "finally a password" })).error).toBeNull();
  });

  it("refuses a password shorter than the minimum with 400", async () => {
    const user = await createdUser(server, { signIn: false });
    const { error } = await admin.client.auth.admin.setUserPassword({ userId: user.userId, newPassword: "short" });
    expect(error).toMatchObject({ status: 400, code: "PASSWORD_TOO_SHORT" });
  });
});
