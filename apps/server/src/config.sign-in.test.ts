import { describe, expect, it } from "vitest";
import { SOCIAL_PROVIDER_IDS } from "./config.sign-in.ts";
import { ConfigError, loadConfig } from "./config.ts";

const base = { AUTH_SECRET: "s".repeat(32), BASE_URL: "https://auth.example.com" };
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env }, () => {});
const problemsOf = (env: Record<string, string>): string => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("expected a configuration error");
};

describe("social provider settings", () => {
  it("enables a built-in provider when both its client id and secret are set", () => {
    const config = load({ GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "secret" });
    expect(config.signIn.socialProviders).toEqual({ github: { clientId: "id", clientSecret: "secret" } });
  });

  it("enables none when nothing is set", () => {
    expect(load({}).signIn.socialProviders).toEqual({});
    expect(load({}).signIn.oauthProviders).toEqual([]);
  });

  it.each(SOCIAL_PROVIDER_IDS)("refuses to start with only %s's client id, naming both keys", (id) => {
    const prefix = id.toUpperCase();
    expect(problemsOf({ [`${prefix}_CLIENT_ID`]: "id" })).toContain(
      `${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET: set both to enable ${id}, or neither`,
    );
  });

  it("refuses a secret without a client id too, and names every half-configured provider at once", () => {
    const message = problemsOf({ GOOGLE_CLIENT_SECRET: "secret", ZOOM_CLIENT_ID: "id" });
    expect(message).toContain("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET");
    expect(message).toContain("ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET");
  });

  it("passes the Microsoft tenant and a self-hosted GitLab issuer", () => {
    const config = load({
      MICROSOFT_CLIENT_ID: "m",
      MICROSOFT_CLIENT_SECRET: "ms",
      MICROSOFT_TENANT_ID: "contoso",
      GITLAB_CLIENT_ID: "g",
      GITLAB_CLIENT_SECRET: "gs",
      GITLAB_ISSUER: "https://gitlab.example.com",
    });
    expect(config.signIn.socialProviders.microsoft).toMatchObject({ tenantId: "contoso" });
    expect(config.signIn.socialProviders.gitlab).toMatchObject({ issuer: "https://gitlab.example.com" });
  });
});

describe("OpenID Connect providers (OAUTH_PROVIDERS)", () => {
  const acme = {
    OAUTH_PROVIDERS: "acme",
    OAUTH_ACME_DISCOVERY_URL: "https://id.acme.test/.well-known/openid-configuration",
    OAUTH_ACME_CLIENT_ID: "cid",
    OAUTH_ACME_CLIENT_SECRET: "csecret",
  };

  it("reads each listed provider's keys, with openid email profile and PKCE by default", () => {
    expect(load(acme).signIn.oauthProviders).toEqual([
      {
        providerId: "acme",
        name: "acme",
        discoveryUrl: acme.OAUTH_ACME_DISCOVERY_URL,
        clientId: "cid",
        clientSecret: "csecret",
        scopes: ["openid", "email", "profile"],
        pkce: true,
      },
    ]);
  });

  it("takes a display name, scopes and PKCE off; a dash in the id is an underscore in the keys", () => {
    const config = load({
      OAUTH_PROVIDERS: "corp-sso",
      OAUTH_CORP_SSO_DISCOVERY_URL: "https://sso.corp.test/.well-known/openid-configuration",
      OAUTH_CORP_SSO_CLIENT_ID: "c",
      OAUTH_CORP_SSO_CLIENT_SECRET: "s",
      OAUTH_CORP_SSO_NAME: "Corp SSO",
      OAUTH_CORP_SSO_SCOPES: "openid email groups",
      OAUTH_CORP_SSO_PKCE: "false",
    });
    expect(config.signIn.oauthProviders[0]).toMatchObject({
      providerId: "corp-sso",
      name: "Corp SSO",
      scopes: ["openid", "email", "groups"],
      pkce: false,
    });
  });

  it("names each missing key of a listed provider", () => {
    const message = problemsOf({ OAUTH_PROVIDERS: "acme", OAUTH_ACME_CLIENT_ID: "cid" });
    expect(message).toContain('OAUTH_ACME_DISCOVERY_URL, OAUTH_ACME_CLIENT_SECRET: required because OAUTH_PROVIDERS lists "acme"');
  });

  it("refuses a discovery URL that is not a URL", () => {
    expect(problemsOf({ ...acme, OAUTH_ACME_DISCOVERY_URL: "id.acme.test" })).toContain("OAUTH_ACME_DISCOVERY_URL: must be a URL");
  });

  it("refuses a built-in provider id, pointing to its own keys", () => {
    expect(problemsOf({ OAUTH_PROVIDERS: "google" })).toContain(
      'OAUTH_PROVIDERS: "google" is a built-in provider; configure it with GOOGLE_CLIENT_ID',
    );
  });

  it("refuses an id with characters that cannot be part of a key or a callback path", () => {
    expect(problemsOf({ OAUTH_PROVIDERS: "Acme/ID" })).toContain('OAUTH_PROVIDERS: "Acme/ID" must be lowercase letters, digits and dashes');
  });
});

describe("account linking settings", () => {
  it("reads trusted providers as a list and keeps the last account by default", () => {
    expect(load({ ACCOUNT_LINKING_TRUSTED_PROVIDERS: "google, acme" }).signIn.accountLinking).toEqual({
      allowUnlinkingAll: false,
      trustedProviders: ["google", "acme"],
    });
    expect(load({ ALLOW_UNLINKING_ALL: "true" }).signIn.accountLinking.allowUnlinkingAll).toBe(true);
  });
});
