import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import Provider, { type Adapter, type AdapterPayload, type ClientMetadata, type KoaContextWithOIDC } from "oidc-provider";
import { afterAll, beforeAll } from "vitest";
import type { BrowserClient } from "./auth-client.ts";
import { freePort } from "./test-server.ts";

/**
 * A real OpenID provider (the `oidc-provider` package, certified by the OpenID Foundation) on a
 * loopback port inside the test process. Gatehouse talks to it exactly as to Keycloak or Auth0:
 * discovery, authorization code + PKCE, signed ID tokens, userinfo, refresh tokens. People log in
 * on the package's own development pages (a login form, then a consent form): a browser test
 * clicks through them, integration tests post the same forms with `authorize()`.
 */

export interface OidcAccount {
  /** What is typed into the provider's login form; it is also the subject (`sub`). */
  login: string;
  /** Omitted: the provider knows no email for this person and sends none. */
  email?: string | undefined;
  emailVerified: boolean;
  name: string;
  /** The userinfo endpoint turns this person's tokens away (as after a revoked grant). */
  userinfoFails: boolean;
}

export interface OidcProviderOptions {
  /** Lifetime of issued access tokens, in seconds (default 3600). */
  accessTokenTtl?: number;
}

/** What the provider hands back to the browser: a redirect, or an auto-submitting form (form_post). */
export interface ProviderAnswer {
  url: string;
  /** Set for response_mode=form_post: the browser POSTs these fields to `url`. */
  form?: URLSearchParams;
}

export interface TestOidcProvider {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** Gatehouse settings for this provider under `providerId` (OAUTH_PROVIDERS and OAUTH_<ID>_*). */
  gatehouseEnv(providerId?: string, extra?: Record<string, string>): Record<string, string>;
  /** Registers `${gatehouseUrl}/api/auth/callback/<providerId>` as a redirect URI of the client. */
  allowRedirectsTo(gatehouseUrl: string, providerId?: string): void;
  /** A person the provider knows; `login` is generated unless given. Change the returned object to change what the provider says from then on. */
  addAccount(account?: Partial<OidcAccount>): OidcAccount;
  /** A new browser opens the authorization URL, logs in as `login` and consents. */
  authorize(authorizationUrl: string, login: string): Promise<ProviderAnswer>;
  /** A new browser opens the authorization URL and presses "Cancel" on the login page. */
  cancel(authorizationUrl: string): Promise<ProviderAnswer>;
  /** Tokens as an app holding the same client (e.g. a mobile app) gets them, nonce included. */
  issueTokens(login: string, options?: { nonce?: string }): Promise<{ idToken: string; accessToken: string; refreshToken?: string }>;
  /** Asks the userinfo endpoint who an access token belongs to; null when the provider refuses it. */
  userinfo(accessToken: string): Promise<Record<string, unknown> | null>;
  /** The person withdraws the app's access at the provider: the token's whole grant is revoked. */
  revoke(token: string): Promise<void>;
  /** Every successful call to the token endpoint, by grant type, oldest first. */
  grants: string[];
  stop(): Promise<void>;
}

/** An app of ours (not Gatehouse) that uses the same client to get tokens for `issueTokens`. */
const APP_REDIRECT = "http://127.0.0.1/app-callback";

export async function startOidcProvider(options: OidcProviderOptions = {}): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = `gatehouse-${randomBytes(4).toString("hex")}`;
  const clientSecret = randomBytes(24).toString("hex");
  const redirectUris = new Set([APP_REDIRECT]);
  const accounts = new Map<string, OidcAccount>();
  const grants: string[] = [];

  const addAccount = (account: Partial<OidcAccount> = {}): OidcAccount => {
    const login = account.login ?? `person-${randomBytes(4).toString("hex")}`;
    const full: OidcAccount = {
      login,
      email: "email" in account ? account.email : `${login}@idp.example.com`,
      emailVerified: account.emailVerified ?? true,
      name: account.name ?? `Person ${login}`,
      userinfoFails: account.userinfoFails ?? false,
    };
    accounts.set(login, full);
    return full;
  };

  // The client lives in the adapter, not in the static `clients` list, so redirect URIs can be
  // added after Gatehouse picked its port (Gatehouse must find this provider when it starts).
  const clientMetadata = (): ClientMetadata => ({
    client_id: clientId,
    client_secret: clientSecret,
    redirect_uris: [...redirectUris],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    // better-auth sends the secret in the form body unless told otherwise.
    token_endpoint_auth_method: "client_secret_post",
  });
  const store = new Map<string, AdapterPayload>();
  const adapter = (model: string): Adapter => ({
    async upsert(id, payload) {
      store.set(`${model}:${id}`, payload);
    },
    async find(id) {
      if (model === "Client") return id === clientId ? clientMetadata() : undefined;
      return store.get(`${model}:${id}`);
    },
    async findByUid(uid) {
      return [...store.entries()].find(([key, value]) => key.startsWith(`${model}:`) && value.uid === uid)?.[1];
    },
    async findByUserCode() {
      return undefined;
    },
    async consume(id) {
      const payload = store.get(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      store.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId) {
      for (const [key, value] of store) if (value.grantId === grantId) store.delete(key);
    },
  });

  const ttl = (seconds: number) => () => seconds;
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  // The package warns that its development login pages are on: that is the point here.
  const provider = withoutDevInteractionsWarning(
    () =>
      new Provider(issuer, {
        adapter,
        jwks: { keys: [{ ...signingKey, kid: "test-key", use: "sig", alg: "RS256" }] },
        cookies: { keys: [randomBytes(16).toString("hex")] },
        pkce: { required: () => true },
        claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
        // Put email and name into the ID token itself, as Google, Microsoft and Keycloak do.
        conformIdTokenClaims: false,
        scopes: ["openid", "offline_access"],
        // A refresh token for every code exchange, without asking for offline_access (like Google's
        // access_type=offline); a new one on every refresh, so reuse of an old one is visible.
        issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
        rotateRefreshToken: () => true,
        features: { devInteractions: { enabled: true }, revocation: { enabled: true } },
        ttl: {
          AccessToken: ttl(options.accessTokenTtl ?? 3600),
          AuthorizationCode: ttl(60),
          IdToken: ttl(3600),
          Interaction: ttl(600),
          Session: ttl(3600),
          Grant: ttl(86_400),
          RefreshToken: ttl(86_400),
        },
        async findAccount(ctx: KoaContextWithOIDC, sub: string) {
          const account = accounts.get(sub) ?? addAccount({ login: sub, email: sub.includes("@") ? sub : undefined });
          if (account.userinfoFails && ctx.oidc.route === "userinfo") return undefined;
          return {
            accountId: sub,
            claims: () => ({
              sub,
              name: account.name,
              ...(account.email === undefined ? {} : { email: account.email, email_verified: account.emailVerified }),
            }),
          };
        },
      }),
  );
  provider.on("grant.success", (ctx: KoaContextWithOIDC) => {
    grants.push(String(ctx.oidc.params?.grant_type));
  });

  const server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    grants,
    gatehouseEnv(providerId = "acme", extra = {}) {
      const prefix = `OAUTH_${providerId.toUpperCase().replaceAll("-", "_")}`;
      return {
        OAUTH_PROVIDERS: providerId,
        [`${prefix}_DISCOVERY_URL`]: `${issuer}/.well-known/openid-configuration`,
        [`${prefix}_CLIENT_ID`]: clientId,
        [`${prefix}_CLIENT_SECRET`]: clientSecret,
        ...extra,
      };
    },
    allowRedirectsTo(gatehouseUrl, providerId = "acme") {
      redirectUris.add(`${gatehouseUrl}/api/auth/callback/${providerId}`);
    },
    addAccount,
    authorize: (url, login) => browse(issuer, url, { login }),
    cancel: (url) => browse(issuer, url, { cancel: true }),
    async issueTokens(login, { nonce } = {}) {
      const verifier = randomBytes(48).toString("base64url");
      const challenge = await sha256Base64url(verifier);
      const url = new URL("/auth", issuer);
      url.search = new URLSearchParams({
        client_id: clientId,
        response_type: "code",
        scope: "openid email profile",
        redirect_uri: APP_REDIRECT,
        code_challenge: challenge,
        code_challenge_method: "S256",
        state: "app",
        ...(nonce ? { nonce } : {}),
      }).toString();
      const answer = await browse(issuer, url.toString(), { login });
      const code = new URL(answer.url).searchParams.get("code");
      if (!code) throw new Error(`the provider gave no code: ${answer.url}`);
      const response = await fetch(`${issuer}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: APP_REDIRECT,
          code_verifier: verifier,
          client_id: clientId,
          client_secret: clientSecret,
        }),
      });
      const tokens = (await response.json()) as Record<string, string>;
      if (!response.ok || !tokens.id_token || !tokens.access_token) throw new Error(`token request failed: ${JSON.stringify(tokens)}`);
      return {
        idToken: tokens.id_token,
        accessToken: tokens.access_token,
        ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
      };
    },
    async userinfo(accessToken) {
      const response = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${accessToken}` } });
      return response.ok ? ((await response.json()) as Record<string, unknown>) : null;
    },
    async revoke(token) {
      const response = await fetch(`${issuer}/token/revocation`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token, client_id: clientId, client_secret: clientSecret }),
      });
      if (!response.ok) throw new Error(`revocation failed: ${response.status}`);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The provider for every test of a file, started before the Gatehouse server (which reads the
 * discovery document at start-up). `env` is filled in when it has started, so it can be handed to
 * `useTestServer` at module level:
 *
 *   const idp = useOidcProvider();
 *   const server = useTestServer(idp.env);
 *   beforeAll(() => idp.allowRedirectsTo(server.url));
 */
export function useOidcProvider(options: OidcProviderOptions & { providerId?: string; env?: Record<string, string> } = {}) {
  let current: TestOidcProvider | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    current = await startOidcProvider(options);
    Object.assign(env, current.gatehouseEnv(options.providerId, options.env));
  });
  afterAll(() => current?.stop());
  return new Proxy({} as TestOidcProvider & { env: Record<string, string> }, {
    get(_, key) {
      if (key === "env") return env;
      if (!current) throw new Error("the OIDC provider starts in beforeAll; use it inside a test or hook");
      return Reflect.get(current, key);
    },
  });
}

function withoutDevInteractionsWarning<T>(create: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes("devInteractions")) warn(...args);
  };
  try {
    return create();
  } finally {
    console.warn = warn;
  }
}

async function sha256Base64url(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Buffer.from(digest).toString("base64url");
}

/**
 * A person's browser at the provider: follows redirects within the provider (keeping its cookies),
 * fills the login form, presses "Continue" on the consent form (or "Cancel" on the login page), and
 * stops at the first answer that leaves the provider.
 */
async function browse(issuer: string, startUrl: string, as: { login?: string; cancel?: boolean }): Promise<ProviderAnswer> {
  const jar = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  };
  let url = startUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    if (!url.startsWith(issuer)) return { url };
    const response = await request(url, init);
    init = {};
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`the provider answered ${response.status}: ${html.slice(0, 500)}`);
    const form = parseForm(html, url);
    if (!form) throw new Error(`unexpected page at the provider: ${html.slice(0, 500)}`);
    if (!form.action.startsWith(issuer)) return { url: form.action, form: form.fields };
    const prompt = form.fields.get("prompt");
    if (prompt === "login" && as.cancel) {
      const abort = html.match(/href="([^"]*\/abort)"/)?.[1];
      if (!abort) throw new Error("no Cancel link on the login page");
      url = new URL(abort, url).toString();
      continue;
    }
    if (prompt === "login") {
      form.fields.set("login", as.login ?? "");
      form.fields.set("password", "any password");
    }
    url = form.action;
    init = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form.fields };
  }
  throw new Error("too many steps at the provider");
}

function parseForm(html: string, pageUrl: string): { action: string; fields: URLSearchParams } | undefined {
  const formTag = html.match(/<form[^>]*action="([^"]*)"/);
  if (!formTag?.[1]) return undefined;
  const fields = new URLSearchParams();
  for (const input of html.matchAll(/<input[^>]*>/g)) {
    const name = input[0].match(/name="([^"]*)"/)?.[1];
    const value = input[0].match(/value="([^"]*)"/)?.[1] ?? "";
    if (name) fields.set(name, decodeEntities(value));
  }
  return { action: new URL(decodeEntities(formTag[1]), pageUrl).toString(), fields };
}

const decodeEntities = (value: string) =>
  value
    .replaceAll("&amp;", "&")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&#x2F;", "/")
    .replaceAll("&#x3D;", "=")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

/**
 * A browser signs in (or, with `path: "/api/auth/link-social"`, links) through the provider: it
 * asks Gatehouse for the authorization URL, logs in at the provider as `login` and follows the
 * redirect back to Gatehouse's callback. Returns Gatehouse's answer to the callback.
 */
export async function throughProvider(
  client: BrowserClient,
  idp: TestOidcProvider,
  login: string,
  options: { body?: Record<string, unknown>; path?: string; providerId?: string } = {},
): Promise<{ response: Response; location: string }> {
  const start = await client.post(options.path ?? "/api/auth/sign-in/social", {
    provider: options.providerId ?? "acme",
    callbackURL: "/account",
    ...options.body,
  });
  const { url } = (await start.json()) as { url?: string };
  if (!start.ok || !url) throw new Error(`Gatehouse gave no authorization URL (${start.status})`);
  const answer = await idp.authorize(url, login);
  const response = await client.fetch(answer.url);
  return { response, location: response.headers.get("location") ?? "" };
}
