import { useQuery } from "@tanstack/react-query";
import { authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";

export const sessionsQueryKey = ["account", "sessions"] as const;
export const accountsQueryKey = ["account", "linked-accounts"] as const;
export const passkeysQueryKey = ["account", "passkeys"] as const;
export const providersQueryKey = ["account", "sign-in-methods"] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: async () => unwrap(await authClient.listSessions()),
  });
}

export function useLinkedAccounts() {
  return useQuery({
    queryKey: accountsQueryKey,
    queryFn: async () => unwrap(await authClient.listAccounts()),
  });
}

export function usePasskeys() {
  return useQuery({
    queryKey: passkeysQueryKey,
    queryFn: async () => unwrap(await authClient.passkey.listUserPasskeys()),
  });
}

export type Passkey = NonNullable<ReturnType<typeof usePasskeys>["data"]>[number];

export interface ConfiguredProvider {
  id: string;
  name: string;
}

/** Providers the server has settings for (GET /api/auth/sign-in-methods); fixed while it runs. */
export function useConfiguredProviders() {
  return useQuery({
    queryKey: providersQueryKey,
    queryFn: async () =>
      unwrap(await authClient.$fetch<{ socialProviders: ConfiguredProvider[] }>("/sign-in-methods", { method: "GET" })).socialProviders,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
