import { useQuery } from "@tanstack/react-query";
import { authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";

export const sessionsQueryKey = ["account", "sessions"] as const;
export const accountsQueryKey = ["account", "linked-accounts"] as const;
export const passkeysQueryKey = ["account", "passkeys"] as const;

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
