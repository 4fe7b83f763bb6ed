import { beforeAll, describe, expect, it, vi } from "vitest";
import { type BrowserClient, liveSession } from "../support/auth-client.ts";
import { freezeDate } from "../support/fixtures.ts";
import { throughProvider, useOidcProvider } from "../support/oidc-provider.ts";
import { freePort, signedInUser, startTestServer, userByEmail, useTestServer } from "../support/test-server.ts";

/**
 * Sign-in with any OpenID Connect provider (OAUTH_PROVIDERS), against a real OpenID provider on
 * loopback: discovery, authorization code with PKCE, signed ID tokens, userinfo.
 */

const idp = useOidcProvider({ env: { OAUTH_ACME_NAME: "Acme ID" } });
const server = useTestServer(idp.env);
beforeAll(() => idp.allowRedirectsTo(server.url));

const errorPage = () => `${server.url}/api/auth/error`;
const errorOf = (location: string) => new URL(location, server.url).searchParams.get("error");

async function authorizationUrl(client: BrowserClient, body: Record<string, unknown> = {}): Promise<string> {
  const response = await client.post("/api/auth/sign-in/social", { provider: "acme", callbackURL: "/account", ...body });
  expect(response.status).toBe(200);
  return (await response.json()).url;
}

describe("sign-in with an OpenID provider (authorization code + PKCE)", () => {
  it("GET /sign-in-methods offers it under its configured name", async () => {
    const body = await (await server.client().fetch("/api/auth/sign-in-methods")).json();
    expect(body.socialProviders).toEqual([{ id: "acme", name: "Acme ID" }]);
  });

  it("a provider whose discovery document cannot be read at start-up is not offered, and answers 404", async () => {
    const unreachable = `http://127.0.0.1:${await freePort()}/.well-known/openid-configuration`;
    const down = await startTestServer({ ...idp.env, OAUTH_ACME_DISCOVERY_URL: unreachable });
    try {
      const body = await (await down.client().fetch("/api/auth/sign-in-methods")).json();
      expect(body.socialProviders).toEqual([]);
      const response = await down.client().post("/api/auth/sign-in/social", { provider: "acme" });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ message: "Provider not found" });
    } finally {
      await down.stop();
    }
  });

  it("asks the provider found by discovery for a code with PKCE (S256), a nonce and openid email profile", async () => {
    const url = new URL(await authorizationUrl(server.client()));
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/auth`);
    expect(url.searchParams.get("client_id")).toBe(idp.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(`${server.url}/api/auth/callback/acme`);
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("nonce")).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("a new person is created from the ID token, signed in, and sent to newUserCallbackURL", async () => {
    const person = idp.addAccount({ name: "Ada Lovelace" });
    const client = server.client();
    const { response, location } = await throughProvider(client, idp, person.login, { body: { newUserCallbackURL: "/welcome" } });

    expect(response.status).toBe(302);
    expect(location).toBe("/welcome");
    const session = await liveSession(client);
    expect(session?.user).toMatchObject({ email: person.email, name: "Ada Lovelace", emailVerified: true });
    const accounts = await (await client.fetch("/api/auth/list-accounts")).json();
    expect(accounts).toEqual([
      expect.objectContaining({ provider: "acme", providerId: "acme", accountId: person.login, scopes: ["openid", "email", "profile"] }),
    ]);
  });

  it("the next sign-in goes to callbackURL as the same user, without a second account", async () => {
    const person = idp.addAccount();
    const first = server.client();
    await throughProvider(first, idp, person.login, { body: { newUserCallbackURL: "/welcome" } });
    const userId = (await liveSession(first))?.user.id;

    const again = server.client();
    const { location } = await throughProvider(again, idp, person.login, { body: { newUserCallbackURL: "/welcome" } });
    expect(location).toBe("/account");
    expect((await liveSession(again))?.user.id).toBe(userId);
    expect(await server.deps.db.selectFrom("account").select("id").where("accountId", "=", person.login).execute()).toHaveLength(1);
  });

  it("an address the provider has not verified makes an unverified user, who is mailed a verification link", async () => {
    const person = idp.addAccount({ emailVerified: false });
    const client = server.client();
    const { location } = await throughProvider(client, idp, person.login);
    expect(location).toBe("/account");
    expect((await liveSession(client))?.user).toMatchObject({ email: person.email, emailVerified: false });
    await server.drainJobs();
    expect(server.inbox.to(person.email ?? "").at(-1)?.subject).toBe("Verify your email address");
  });

  it("the callback also accepts the provider's answer as a form POST (response_mode=form_post)", async () => {
    const person = idp.addAccount();
    const client = server.client();
    const url = await authorizationUrl(client, { additionalParams: { response_mode: "form_post" } });
    const answer = await idp.authorize(url, person.login);
    expect(answer.form?.get("code")).toBeTruthy();

    // The provider's page posts cross-site: no Gatehouse cookies ride along (SameSite=Lax), so
    // Gatehouse turns the POST into a GET that the browser follows with its cookies.
    const post = await fetch(answer.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: idp.issuer },
      body: answer.form,
      redirect: "manual",
    });
    expect(post.status).toBe(302);
    const follow = new URL(post.headers.get("location") ?? "");
    expect(`${follow.origin}${follow.pathname}`).toBe(`${server.url}/api/auth/callback/acme`);
    expect(follow.searchParams.get("code")).toBe(answer.form?.get("code"));

    const response = await client.fetch(follow.toString());
    expect(response.headers.get("location")).toBe("/account");
    expect((await liveSession(client))?.user.email).toBe(person.email);
  });
});

describe("POST /sign-in/social with an ID token from the provider", () => {
  it("signs in without a redirect and answers the session token and the user", async () => {
    const person = idp.addAccount({ name: "Grace Hopper" });
    const { idToken, accessToken } = await idp.issueTokens(person.login, { nonce: "n-0S6_WzA2Mj" });
    const client = server.client();
    const response = await client.post("/api/auth/sign-in/social", {
      provider: "acme",
      idToken: { token: idToken, nonce: "n-0S6_WzA2Mj", accessToken },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      redirect: false,
      token: expect.any(String),
      user: { email: person.email, name: "Grace Hopper", emailVerified: true },
    });
    expect((await liveSession(client))?.user.email).toBe(person.email);
  });

  it("refuses a token whose content was changed after signing with 401 'invalid token'", async () => {
    const person = idp.addAccount();
    const { idToken } = await idp.issueTokens(person.login);
    const [header, payload, signature] = idToken.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, email: "ceo@example.com" })).toString("base64url"), signature].join(
      ".",
    );
    const response = await server.client().post("/api/auth/sign-in/social", { provider: "acme", idToken: { token: forged } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "INVALID_TOKEN", message: "Invalid token" });
    expect(await userByEmail(server, "ceo@example.com")).toBeUndefined();
  });

  it("refuses a token issued for another nonce with 401", async () => {
    const person = idp.addAccount();
    const { idToken } = await idp.issueTokens(person.login, { nonce: "the-nonce" });
    const response = await server
      .client()
      .post("/api/auth/sign-in/social", { provider: "acme", idToken: { token: idToken, nonce: "another" } });
    expect(response.status).toBe(401);
  });
});

describe("OAuth state (SPEC §4, §9: 10 minutes, used once)", () => {
  it("binds the state to the browser with a cookie that lasts as long as the state, 10 minutes", async () => {
    const response = await server.client().post("/api/auth/sign-in/social", { provider: "acme", callbackURL: "/account" });
    const stateCookies = response.headers.getSetCookie().filter((c) => c.startsWith("better-auth.state="));
    expect(stateCookies.at(-1)).toMatch(/Max-Age=600\b/);
  });

  it("is still good 9 minutes later", async () => {
    const person = idp.addAccount();
    const client = server.client();
    const start = freezeDate();
    const url = await authorizationUrl(client);
    vi.setSystemTime(start + 9 * 60_000);
    const answer = await idp.authorize(url, person.login);
    const response = await client.fetch(answer.url);
    expect(response.headers.get("location")).toBe("/account");
    expect((await liveSession(client))?.user.email).toBe(person.email);
  });

  it("after 10 minutes the callback redirects with error=please_restart_the_process and signs no one in", async () => {
    const person = idp.addAccount();
    const client = server.client();
    const start = freezeDate();
    const url = await authorizationUrl(client, { errorCallbackURL: "/sign-in" });
    const answer = await idp.authorize(url, person.login);
    vi.setSystemTime(start + 10 * 60_000 + 1000);
    const response = await client.fetch(answer.url);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/sign-in?error=please_restart_the_process");
    expect(await liveSession(client)).toBeNull();
    expect(await userByEmail(server, person.email ?? "")).toBeUndefined();
  });

  it("works once: replaying the callback redirects with error=please_restart_the_process", async () => {
    const person = idp.addAccount();
    const client = server.client();
    const url = await authorizationUrl(client);
    const answer = await idp.authorize(url, person.login);
    expect((await client.fetch(answer.url)).headers.get("location")).toBe("/account");

    const replay = await server.client().fetch(answer.url);
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe(`${errorPage()}?error=please_restart_the_process`);
    const sameBrowser = await client.fetch(answer.url);
    expect(errorOf(sameBrowser.headers.get("location") ?? "")).toBe("please_restart_the_process");
  });

  it("a callback carried to another browser (login CSRF) is refused with error=state_mismatch", async () => {
    const attacker = idp.addAccount();
    const url = await authorizationUrl(server.client());
    const answer = await idp.authorize(url, attacker.login);
    const victim = server.client();
    const response = await victim.fetch(answer.url);
    expect(errorOf(response.headers.get("location") ?? "")).toBe("state_mismatch");
    expect(await liveSession(victim)).toBeNull();
  });

  it("a callback without state redirects with error=state_not_found", async () => {
    const response = await server.client().fetch("/api/auth/callback/acme?code=abc");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${errorPage()}?error=state_not_found`);
  });
});

describe("callback errors (SPEC §8 redirect codes)", () => {
  /** Starts a sign-in and returns the callback URL the provider would send back, with its state. */
  async function callbackWith(client: BrowserClient, params: Record<string, string>, body: Record<string, unknown> = {}) {
    const state = new URL(await authorizationUrl(client, body)).searchParams.get("state") ?? "";
    return `/api/auth/callback/acme?${new URLSearchParams({ state, ...params })}`;
  }

  it("the person cancelling at the provider lands on errorCallbackURL with error=access_denied", async () => {
    const client = server.client();
    const url = await authorizationUrl(client, { errorCallbackURL: "/sign-in" });
    const answer = await idp.cancel(url);
    expect(new URL(answer.url).searchParams.get("error")).toBe("access_denied");
    const response = await client.fetch(answer.url);
    const location = new URL(response.headers.get("location") ?? "", server.url);
    expect(location.pathname).toBe("/sign-in");
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("error_description")).toBe("End-User aborted interaction");
    expect(await liveSession(client)).toBeNull();
  });

  it("without errorCallbackURL errors go to /api/auth/error", async () => {
    const client = server.client();
    const response = await client.fetch(await callbackWith(client, { error: "access_denied" }));
    expect(response.headers.get("location")).toBe(`${errorPage()}?error=access_denied`);
  });

  it("no code: error=no_code", async () => {
    const client = server.client();
    const response = await client.fetch(await callbackWith(client, {}));
    expect(errorOf(response.headers.get("location") ?? "")).toBe("no_code");
  });

  it("a code the provider did not issue: error=invalid_code", async () => {
    const client = server.client();
    const response = await client.fetch(await callbackWith(client, { code: "made-up" }));
    expect(errorOf(response.headers.get("location") ?? "")).toBe("invalid_code");
    expect(await liveSession(client)).toBeNull();
  });

  it("a callback for a provider that is not configured: error=oauth_provider_not_found", async () => {
    const client = server.client();
    const url = (await callbackWith(client, { code: "x" })).replace("/callback/acme", "/callback/nowhere");
    const response = await client.fetch(url);
    expect(errorOf(response.headers.get("location") ?? "")).toBe("oauth_provider_not_found");
  });

  it("POST /sign-in/social for an unknown provider answers 404 'Provider not found'", async () => {
    const response = await server.client().post("/api/auth/sign-in/social", { provider: "nowhere" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "PROVIDER_NOT_FOUND", message: "Provider not found" });
  });

  it("a provider that knows no email for the person: error=email_not_found, no user", async () => {
    const person = idp.addAccount({ email: undefined });
    const client = server.client();
    const { location } = await throughProvider(client, idp, person.login, { body: { errorCallbackURL: "/sign-in" } });
    expect(location).toBe("/sign-in?error=email_not_found");
    expect(await liveSession(client)).toBeNull();
    expect(await server.deps.db.selectFrom("account").select("id").where("accountId", "=", person.login).execute()).toEqual([]);
  });

  it("a provider whose userinfo endpoint refuses the token: error=unable_to_get_user_info", async () => {
    const person = idp.addAccount({ email: undefined, userinfoFails: true });
    const client = server.client();
    const { location } = await throughProvider(client, idp, person.login);
    expect(errorOf(location)).toBe("unable_to_get_user_info");
    expect(await liveSession(client)).toBeNull();
  });

  it("an unverified provider address that belongs to an existing user: error=account_not_linked", async () => {
    const owner = await signedInUser(server);
    const person = idp.addAccount({ email: owner.email, emailVerified: false });
    const client = server.client();
    const { location } = await throughProvider(client, idp, person.login);
    expect(errorOf(location)).toBe("account_not_linked");
    expect(await liveSession(client)).toBeNull();
    const accounts = await (await owner.client.fetch("/api/auth/list-accounts")).json();
    expect(accounts.map((a: { provider: string }) => a.provider)).toEqual(["credential"]);
  });
});

describe("redirect targets must be relative or on a trusted origin (SPEC §5)", () => {
  it.each([
    ["callbackURL", "Invalid callbackURL"],
    ["errorCallbackURL", "Invalid errorCallbackURL"],
    ["newUserCallbackURL", "Invalid newUserCallbackURL"],
  ])("an untrusted %s answers 403 '%s' and starts nothing", async (field, message) => {
    const response = await server.client().post("/api/auth/sign-in/social", { provider: "acme", [field]: "https://evil.example.com/x" });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message });
    expect(response.headers.get("location")).toBeNull();
  });

  it("an absolute URL on Gatehouse's own origin is accepted and used", async () => {
    const person = idp.addAccount();
    const { location } = await throughProvider(server.client(), idp, person.login, {
      body: { callbackURL: `${server.url}/account?tab=accounts`, newUserCallbackURL: `${server.url}/welcome` },
    });
    expect(location).toBe(`${server.url}/welcome`);
  });
});
