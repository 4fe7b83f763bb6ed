import type { BetterAuthOptions } from "better-auth";
import { genericOAuth } from "better-auth/plugins";
import type { SignInConfig } from "../../config.sign-in.ts";

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
      })),
    }),
  ];
}

/** What the sign-in page needs to show a button per configured provider. */
export function configuredProviders(config: SignInConfig): { id: string; name: string }[] {
  return [
    ...Object.keys(config.socialProviders).map((id) => ({ id, name: socialProviderNames[id] ?? id })),
    ...config.oauthProviders.map((p) => ({ id: p.providerId, name: p.name })),
  ];
}

const socialProviderNames: Record<string, string> = {
  apple: "Apple",
  discord: "Discord",
  facebook: "Facebook",
  github: "GitHub",
  microsoft: "Microsoft",
  google: "Google",
  spotify: "Spotify",
  twitch: "Twitch",
  twitter: "X (Twitter)",
  dropbox: "Dropbox",
  kick: "Kick",
  linkedin: "LinkedIn",
  gitlab: "GitLab",
  tiktok: "TikTok",
  reddit: "Reddit",
  roblox: "Roblox",
  vk: "VK",
  zoom: "Zoom",
};
