import { useQuery } from "@tanstack/react-query";

export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

/** `enabled: false` means the server runs in production and hides the mailbox (404). */
export type DevMailboxState = { enabled: true; mails: DevMail[] } | { enabled: false };

export const devMailboxQueryKey = ["dev-mailbox"] as const;

async function fetchDevMailbox(): Promise<DevMailboxState> {
  const response = await fetch("/api/dev/mailbox", {
    credentials: "include",
    headers: { accept: "application/json" },
  });
  if (response.status === 404) return { enabled: false };
  if (!response.ok) throw new Error(`The mailbox answered ${response.status} ${response.statusText}`);
  const body = (await response.json()) as { mails?: DevMail[] };
  return { enabled: true, mails: body.mails ?? [] };
}

/**
 * Shared by the mailbox page (which polls) and by screens that only want to know
 * whether to offer a "open the dev mailbox" link; one cache entry serves both.
 */
export function useDevMailbox({ poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: devMailboxQueryKey,
    queryFn: fetchDevMailbox,
    // Polling stops once we learn the mailbox is off: it will not turn on at runtime.
    refetchInterval: (query) => (poll && query.state.data?.enabled !== false ? 3000 : false),
    staleTime: poll ? 0 : 60_000,
    retry: false,
  });
}

export function useDevMailboxEnabled(): boolean {
  const { data } = useDevMailbox();
  return data?.enabled === true;
}
