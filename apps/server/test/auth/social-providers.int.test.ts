import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SOCIAL_PROVIDER_IDS } from "../../src/config.sign-in.ts";
import { startTestServer, type TestServer, useTestServer } from "../support/test-server.ts";

/**
 * The built-in providers of SPEC §3 cannot be reached from a test, so this checks what Gatehouse
 * controls: each one switches on with its own <ID>_CLIENT_ID/<ID>_CLIENT_SECRET, and
 * POST /sign-in/social sends the browser to the provider's real authorization endpoint with a
 * correct request. The full round trip is tested against a real OpenID provider in
 * oidc-sign-in.int.test.ts.
 */

const credentials = (id: string) => ({
  [`${id.toUpperCase()}_CLIENT_ID`]: `${id}-client-id`,
  [`${id.toUpperCase()}_CLIENT_SECRET`]: `${id}-secret`,
});
const server = useTestServer(Object.assign({}, ...SOCIAL_PROVIDER_IDS.map(credentials)));

/**
 * Each provider's documented authorization endpoint and the scopes that get the person's identity
 * (the email scope where the provider has one; Reddit, Roblox and TikTok give no email address, Zoom
 * and Dropbox include it in their profile API, Kick in `user:read`, GitLab in `read_user`).
 */
const providers: { id: string; authorize: string; scopes: string[]; pkce: boolean }[] = [
  { id: "apple", authorize: "https://appleid.apple.com/auth/authorize", scopes: ["email", "name"], pkce: true },
  { id: "discord", authorize: "https://discord.com/api/oauth2/authorize", scopes: ["identify", "email"], pkce: false },
  { id: "facebook", authorize: "https://www.facebook.com/v24.0/dialog/oauth", scopes: ["email", "public_profile"], pkce: false },
  { id: "github", authorize: "https://github.com/login/oauth/authorize", scopes: ["read:user", "user:email"], pkce: true },
  {
    id: "microsoft",
    authorize: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
    scopes: ["openid", "profile", "email", "User.Read", "offline_access"],
    pkce: true,
  },
  { id: "google", authorize: "https://accounts.google.com/o/oauth2/v2/auth", scopes: ["email", "profile", "openid"], pkce: true },
  { id: "spotify", authorize: "https://accounts.spotify.com/authorize", scopes: ["user-read-email"], pkce: true },
  { id: "twitch", authorize: "https://id.twitch.tv/oauth2/authorize", scopes: ["user:read:email", "openid"], pkce: false },
  {
    id: "twitter",
    authorize: "https://x.com/i/oauth2/authorize",
    scopes: ["users.read", "tweet.read", "offline.access", "users.email"],
    pkce: true,
  },
  { id: "dropbox", authorize: "https://www.dropbox.com/oauth2/authorize", scopes: ["account_info.read"], pkce: true },
  { id: "kick", authorize: "https://id.kick.com/oauth/authorize", scopes: ["user:read"], pkce: true },
  { id: "linkedin", authorize: "https://www.linkedin.com/oauth/v2/authorization", scopes: ["profile", "email", "openid"], pkce: false },
  { id: "gitlab", authorize: "https://gitlab.com/oauth/authorize", scopes: ["read_user"], pkce: true },
  { id: "tiktok", authorize: "https://www.tiktok.com/v2/auth/authorize", scopes: ["user.info.profile"], pkce: false },
  { id: "reddit", authorize: "https://www.reddit.com/api/v1/authorize", scopes: ["identity"], pkce: false },
  { id: "roblox", authorize: "https://apis.roblox.com/oauth/v1/authorize", scopes: ["openid", "profile"], pkce: false },
  { id: "vk", authorize: "https://id.vk.com/authorize", scopes: ["email", "phone"], pkce: true },
  { id: "zoom", authorize: "https://zoom.us/oauth/authorize", scopes: [], pkce: true },
];

const stateRow = (s: TestServer, state: string) =>
  s.deps.db.selectFrom("verification").selectAll().where("identifier", "=", `auth-state:${state}`).executeTakeFirst();

describe("built-in social providers (SPEC §3)", () => {
  it("the table covers exactly the provider ids SPEC §3 allows", () => {
    expect(providers.map((p) => p.id).sort()).toEqual([...SOCIAL_PROVIDER_IDS].sort());
  });

  it("GET /sign-in-methods lists every configured provider with its display name, and no secret", async () => {
    const response = await server.client().fetch("/api/auth/sign-in-methods");
    const body = await response.json();
    expect(body.socialProviders.map((p: { id: string }) => p.id)).toEqual([...SOCIAL_PROVIDER_IDS]);
    expect(body.socialProviders).toContainEqual({ id: "github", name: "GitHub" });
    expect(body.socialProviders).toContainEqual({ id: "twitter", name: "X (Twitter)" });
    expect(JSON.stringify(body)).not.toContain("-secret");
  });

  describe.each(providers)("POST /sign-in/social {provider: $id}", ({ id, authorize, scopes, pkce }) => {
    it("sends the browser to the provider's authorization endpoint with client, callback, state and scopes", async () => {
      const response = await server.client().post("/api/auth/sign-in/social", { provider: id, callbackURL: "/account" });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.redirect).toBe(true);
      expect(response.headers.get("location")).toBe(body.url);

      const url = new URL(body.url);
      expect(`${url.origin}${url.pathname}`).toBe(authorize);
      const params = url.searchParams;
      // TikTok calls the client id a "client key"; everyone else follows RFC 6749.
      expect(params.get(id === "tiktok" ? "client_key" : "client_id")).toBe(`${id}-client-id`);
      expect(params.get("redirect_uri")).toBe(`${server.url}/api/auth/callback/${id}`);
      expect(params.get("response_type")).toBe(id === "apple" ? "code id_token" : "code");
      const scope = params.get("scope");
      expect(scope ? scope.split(id === "tiktok" ? "," : " ") : []).toEqual(scopes);
      // The client secret stays on the server.
      expect(body.url).not.toContain("secret");

      // SPEC §9: 32 random characters of state, kept 10 minutes on the server.
      const state = params.get("state") ?? "";
      expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const row = await stateRow(server, state);
      expect(row).toBeDefined();
      const stored = JSON.parse(row?.value ?? "{}");
      expect(stored.callbackURL).toBe("/account");
      expect(new Date(row?.expiresAt ?? 0).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
      expect(new Date(row?.expiresAt ?? 0).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);

      // SPEC §9: a 128-character code verifier; the provider sees only its S256 challenge.
      expect(stored.codeVerifier).toHaveLength(128);
      if (pkce) {
        expect(params.get("code_challenge_method")).toBe("S256");
        expect(params.get("code_challenge")).toBe(createHash("sha256").update(stored.codeVerifier).digest("base64url"));
      } else {
        expect(params.has("code_challenge")).toBe(false);
      }
      expect(body.url).not.toContain(stored.codeVerifier);
    });
  });

  it("Apple is asked to answer with a form POST to the callback (response_mode=form_post)", async () => {
    const response = await server.client().post("/api/auth/sign-in/social", { provider: "apple", callbackURL: "/account" });
    expect(new URL((await response.json()).url).searchParams.get("response_mode")).toBe("form_post");
  });

  it("disableRedirect gives the URL without a Location header", async () => {
    const response = await server.client().post("/api/auth/sign-in/social", { provider: "github", disableRedirect: true });
    const body = await response.json();
    expect(body).toMatchObject({ redirect: false, url: expect.stringContaining("https://github.com/login/oauth/authorize?") });
    expect(response.headers.get("location")).toBeNull();
  });

  it("scopes and loginHint from the request reach the provider", async () => {
    const response = await server.client().post("/api/auth/sign-in/social", {
      provider: "google",
      scopes: ["https://www.googleapis.com/auth/calendar.readonly"],
      loginHint: "ada@example.com",
    });
    const params = new URL((await response.json()).url).searchParams;
    expect(params.get("scope")?.split(" ")).toEqual(["email", "profile", "openid", "https://www.googleapis.com/auth/calendar.readonly"]);
    expect(params.get("login_hint")).toBe("ada@example.com");
  });

  it("an ID token is refused with 404 'id_token not supported' by providers that cannot verify one", async () => {
    const response = await server.client().post("/api/auth/sign-in/social", { provider: "github", idToken: { token: "a.b.c" } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "ID_TOKEN_NOT_SUPPORTED", message: "id_token not supported" });
  });
});

describe("only configured providers are offered", () => {
  const some = useTestServer({
    ...credentials("github"),
    ...credentials("microsoft"),
    MICROSOFT_TENANT_ID: "contoso.onmicrosoft.com",
    ...credentials("gitlab"),
    GITLAB_ISSUER: "https://gitlab.example.com",
  });

  it("GET /sign-in-methods lists just those, in SPEC order", async () => {
    const body = await (await some.client().fetch("/api/auth/sign-in-methods")).json();
    expect(body.socialProviders).toEqual([
      { id: "github", name: "GitHub" },
      { id: "microsoft", name: "Microsoft" },
      { id: "gitlab", name: "GitLab" },
    ]);
  });

  it("a provider without settings answers 404 'Provider not found'", async () => {
    const response = await some.client().post("/api/auth/sign-in/social", { provider: "google", callbackURL: "/account" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "PROVIDER_NOT_FOUND", message: "Provider not found" });
  });

  it("MICROSOFT_TENANT_ID picks the Entra tenant, GITLAB_ISSUER a self-hosted GitLab", async () => {
    const microsoft = await (await some.client().post("/api/auth/sign-in/social", { provider: "microsoft" })).json();
    expect(microsoft.url).toMatch(/^https:\/\/login\.microsoftonline\.com\/contoso\.onmicrosoft\.com\/oauth2\/v2\.0\/authorize\?/);
    const gitlab = await (await some.client().post("/api/auth/sign-in/social", { provider: "gitlab" })).json();
    expect(gitlab.url).toMatch(/^https:\/\/gitlab\.example\.com\/oauth\/authorize\?/);
  });

  it("with no provider configured the list is empty", async () => {
    const none = await startTestServer();
    try {
      const body = await (await none.client().fetch("/api/auth/sign-in-methods")).json();
      expect(body.socialProviders).toEqual([]);
    } finally {
      await none.stop();
    }
  });
});
