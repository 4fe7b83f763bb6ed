import type { BetterAuthOptions } from "better-auth";
import { genericOAuth } from "better-auth/plugins";
import { type SignInConfig, SOCIAL_PROVIDERS, type SocialProviderId } from "../../config.sign-in.ts";

/**
 * Built-in social providers, each enabled by its own <ID>_CLIENT_ID / <ID>_CLIENT_SECRET, and any
 * OpenID Connect provider by discovery URL through better-auth's generic OAuth plugin.
 */
export function socialProviderOptions(config: SignInConfig): NonNullable<BetterAuthOptions["socialProviders"]> {
  const options: Record<string, Record<string, unknown>> = {};
  for (const [id, provider] of Object.entries(config.socialProviders)) {
    if (!provider) continue;
    const { clientId, clientSecret, tenantId, issuer } = provider;
    options[id] = {
      clientId,
      clientSecret,
      // TikTok calls its client id a "client key".
      ...(id === "tiktok" ? { clientKey: clientId } : {}),
      ...(tenantId ? { tenantId } : {}),
      ...(issuer ? { issuer } : {}),
    };
  }
  return options as NonNullable<BetterAuthOptions["socialProviders"]>;
}

export function genericOAuthPlugins(config: SignInConfig) {
  if (!config.oauthProviders.length) return [];
  return [
    genericOAuth({
      config: config.oauthProviders.map((provider) => ({
        providerId: provider.providerId,
        name: provider.name,
        discoveryUrl: provider.discoveryUrl,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        scopes: provider.scopes,
        pkce: provider.pkce,
        // An ID token that does not verify against the provider's published keys is refused.
        requireIdTokenVerification: true,
        // SPEC §7: sign-out answers `success` and the person stays here. better-auth 1.7.7 would
        // instead send everyone who ever linked this provider to its end-session page (even after a
        // password sign-in), where they end up stranded: Gatehouse registers no post-logout address.
        disableProviderLogout: true,
      })),
    }),
  ];
}

/**
 * What the sign-in page needs to show a button per configured provider. Given the providers
 * better-auth actually set up, the others are left out: an OpenID provider whose discovery document
 * could not be read at start-up is skipped by better-auth (it logs why), and its button could only
 * fail with "Provider not found".
 */
export function configuredProviders(config: SignInConfig, registered: readonly { id: string }[]): { id: string; name: string }[] {
  const ready = new Set(registered.map((provider) => provider.id));
  return [
    ...(Object.keys(config.socialProviders) as SocialProviderId[]).map((id) => ({ id, name: SOCIAL_PROVIDERS[id] })),
    ...config.oauthProviders.map((p) => ({ id: p.providerId, name: p.name })),
  ].filter((provider) => ready.has(provider.id));
}
