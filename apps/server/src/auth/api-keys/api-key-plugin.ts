import { apiKey } from "@better-auth/api-key";
import type { AuthContext } from "@better-auth/core";
import type { TenancyConfig } from "../../config.tenancy.ts";
import {
  API_KEY_RULE_ERROR_CODES,
  deleteAllExpiredApiKeysEndpoint,
  deleteKeysOfDeletedUser,
  keySessionLimits,
  ownerIsNotBanned,
} from "./api-key-rules.ts";

/**
 * Personal API keys (better-auth's api-key plugin), stored as SHA-256 hashes (better-auth's
 * default; never turned off). Whether a key signs its holder in to the identity API is a setting,
 * off by default: docs/admin.md explains why, and lists what is added here.
 */
export function apiKeyPlugin(tenancy: TenancyConfig) {
  const plugin = apiKey({
    defaultPrefix: tenancy.apiKeys.defaultPrefix,
    enableSessionForAPIKeys: tenancy.apiKeys.sessions,
    enableMetadata: true,
    // The stored, listable beginning of each key: the prefix plus six random characters, enough to
    // tell keys apart on the API-keys page (better-auth's 6 would show one character after "gate_").
    startingCharactersConfig: { shouldStore: true, charactersLength: tenancy.apiKeys.defaultPrefix.length + 6 },
    // better-auth's default caps every key at 10 verifications a day, which no integration
    // survives; requests made with a key are limited per client address like all others.
    rateLimit: { enabled: false },
    customAPIKeyValidator: ownerIsNotBanned,
  });
  return {
    ...plugin,
    $ERROR_CODES: { ...plugin.$ERROR_CODES, ...API_KEY_RULE_ERROR_CODES },
    init(context: AuthContext) {
      return { options: { databaseHooks: { user: { delete: { before: deleteKeysOfDeletedUser(context.adapter) } } } } };
    },
    hooks: { ...plugin.hooks, before: [...(tenancy.apiKeys.sessions ? [keySessionLimits] : []), ...plugin.hooks.before] },
    endpoints: { ...plugin.endpoints, deleteAllExpiredApiKeys: deleteAllExpiredApiKeysEndpoint(tenancy) },
  };
}
