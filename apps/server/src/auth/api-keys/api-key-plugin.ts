import { apiKey } from "@better-auth/api-key";
import type { TenancyConfig } from "../../config.tenancy.ts";

/**
 * Personal API keys, stored as hashes (better-auth's default; never turned off). Whether a key
 * signs its holder in to the identity API is a setting, off by default: see
 * docs/decisions/0008-organizations-admin-api-keys.md.
 */
export function apiKeyPlugin(tenancy: TenancyConfig) {
  return apiKey({
    defaultPrefix: tenancy.apiKeys.defaultPrefix,
    enableSessionForAPIKeys: tenancy.apiKeys.sessions,
    enableMetadata: true,
  });
}
