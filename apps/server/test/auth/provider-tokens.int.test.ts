import { beforeAll, describe, expect, it, vi } from "vitest";
import type { BrowserClient } from "../support/auth-client.ts";
import { freezeDate } from "../support/fixtures.ts";
import { throughProvider, useOidcProvider } from "../support/oidc-provider.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";

/**
 * The provider's tokens kept with a linked account: handed out by get-access-token (refreshed at
 * the provider when about to expire, SPEC §9) and refresh-token, and encrypted in the database.
 */

const ACCESS_TOKEN_TTL = 300;
const idp = useOidcProvider({ accessTokenTtl: ACCESS_TOKEN_TTL });
const server = useTestServer(idp.env);
beforeAll(() => idp.allowRedirectsTo(server.url));

async function signedInThroughProvider() {
  const person = idp.addAccount();
  const client = server.client();
  await throughProvider(client, idp, person.login);
  const grantsBefore = idp.grants.length;
  return { client, person, grantsBefore };
}

const accountRow = (accountId: string) =>
  server.deps.db
    .selectFrom("account")
    .selectAll()
    .where("providerId", "=", "acme")
    .where("accountId", "=", accountId)
    .executeTakeFirstOrThrow();
const getAccessToken = (client: BrowserClient, body: Record<string, unknown> = { providerId: "acme" }) =>
  client.post("/api/auth/get-access-token", body);

describe("POST /api/auth/get-access-token", () => {
  it("{ providerId } answers the access token the provider issued, its expiry, scopes and the ID token", async () => {
    const { client, person, grantsBefore } = await signedInThroughProvider();
    const response = await getAccessToken(client);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      accessToken: expect.any(String),
      scopes: ["openid", "email", "profile"],
      idToken: expect.stringMatching(/^ey/),
    });
    const expiresIn = Date.parse(body.accessTokenExpiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan((ACCESS_TOKEN_TTL - 30) * 1000);
    expect(expiresIn).toBeLessThanOrEqual(ACCESS_TOKEN_TTL * 1000);
    // The provider itself accepts it for this person, and nothing was refreshed.
    expect(await idp.userinfo(body.accessToken)).toMatchObject({ sub: person.login, email: person.email });
    expect(idp.grants.length).toBe(grantsBefore);
  });

  it("keeps the provider's tokens encrypted in the database", async () => {
    const { client, person } = await signedInThroughProvider();
    const { accessToken } = await (await getAccessToken(client)).json();
    const row = await accountRow(person.login);
    expect(row.accessToken).toBeTruthy();
    expect(row.accessToken).not.toContain(accessToken);
    expect(row.refreshToken).toBeTruthy();
    // Someone reading the table cannot use what is stored there.
    expect(await idp.userinfo(row.accessToken ?? "")).toBeNull();
  });

  it("refreshes at the provider when the token expires within 5 seconds, and stores the new one", async () => {
    const { client, person, grantsBefore } = await signedInThroughProvider();
    const first = await (await getAccessToken(client)).json();
    const expiresAt = Date.parse(first.accessTokenExpiresAt);
    freezeDate();

    // 6 s before expiry the stored token is still handed out.
    vi.setSystemTime(expiresAt - 6000);
    expect((await (await getAccessToken(client)).json()).accessToken).toBe(first.accessToken);
    expect(idp.grants.length).toBe(grantsBefore);

    // 4 s before expiry Gatehouse asks the provider for a new one.
    vi.setSystemTime(expiresAt - 4000);
    const refreshed = await (await getAccessToken(client)).json();
    expect(idp.grants.slice(grantsBefore)).toEqual(["refresh_token"]);
    expect(refreshed.accessToken).not.toBe(first.accessToken);
    expect(Date.parse(refreshed.accessTokenExpiresAt)).toBe(expiresAt - 4000 + ACCESS_TOKEN_TTL * 1000);
    expect(await idp.userinfo(refreshed.accessToken)).toMatchObject({ sub: person.login });

    // The new token is the one kept: asking again does not refresh again.
    expect((await (await getAccessToken(client)).json()).accessToken).toBe(refreshed.accessToken);
    expect(idp.grants.slice(grantsBefore)).toEqual(["refresh_token"]);
    expect((await accountRow(person.login)).accessToken).not.toContain(refreshed.accessToken);
  });

  it("better-auth's { accountId: <id from list-accounts> } keeps working", async () => {
    const { client } = await signedInThroughProvider();
    const accounts = await (await client.fetch("/api/auth/list-accounts")).json();
    const response = await getAccessToken(client, { accountId: accounts[0].id });
    expect(response.status).toBe(200);
    expect((await response.json()).accessToken).toEqual(expect.any(String));
  });

  it("answers 401 without a session", async () => {
    const response = await getAccessToken(server.client());
    expect(response.status).toBe(401);
  });

  it("a provider the user has no account with answers 400 'Account not found'", async () => {
    const { client } = await signedInUser(server);
    const response = await getAccessToken(client);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "ACCOUNT_NOT_FOUND", message: "Account not found" });
  });
});

describe("POST /api/auth/refresh-token", () => {
  it("{ providerId } gets a new access and refresh token from the provider and keeps them", async () => {
    const { client, person, grantsBefore } = await signedInThroughProvider();
    const before = await (await getAccessToken(client)).json();
    const rowBefore = await accountRow(person.login);

    const response = await client.post("/api/auth/refresh-token", { providerId: "acme" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(idp.grants.slice(grantsBefore)).toEqual(["refresh_token"]);
    expect(body).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      accessTokenExpiresAt: expect.any(String),
      idToken: expect.stringMatching(/^ey/),
      scopes: ["openid", "email", "profile"],
    });
    expect(body.accessToken).not.toBe(before.accessToken);
    expect(await idp.userinfo(body.accessToken)).toMatchObject({ sub: person.login });

    // get-access-token now hands out the new token; both tokens are stored anew, encrypted.
    expect((await (await getAccessToken(client)).json()).accessToken).toBe(body.accessToken);
    const rowAfter = await accountRow(person.login);
    expect(rowAfter.refreshToken).not.toBe(rowBefore.refreshToken);
    expect(rowAfter.refreshToken).not.toContain(body.refreshToken);
  });

  it("answers 400 'Failed to refresh access token' once the person revoked Gatehouse's access at the provider", async () => {
    const { client } = await signedInThroughProvider();
    const { refreshToken } = await (await client.post("/api/auth/refresh-token", { providerId: "acme" })).json();
    await idp.revoke(refreshToken);

    const response = await client.post("/api/auth/refresh-token", { providerId: "acme" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "FAILED_TO_REFRESH_ACCESS_TOKEN", message: "Failed to refresh access token" });
  });

  it("answers 401 without a session", async () => {
    const response = await server.client().post("/api/auth/refresh-token", { providerId: "acme" });
    expect(response.status).toBe(401);
  });
});
