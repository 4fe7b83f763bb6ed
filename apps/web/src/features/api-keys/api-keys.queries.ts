import { useQuery } from "@tanstack/react-query";
import { authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";

export const apiKeysQueryKey = ["account", "api-keys"] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: async () => unwrap(await authClient.apiKey.list({ query: { sortBy: "createdAt", sortDirection: "desc" } })).apiKeys,
  });
}

export type ApiKeyListItem = NonNullable<ReturnType<typeof useApiKeys>["data"]>[number];

/** better-auth's own limit on key names (maximumNameLength). */
export const maxNameLength = 32;

export const expiryChoices = [
  { value: "never", label: "Never" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "365 days" },
];
