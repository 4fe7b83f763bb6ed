import { useDevMailboxEnabled } from "../features/dev-mailbox/mailbox.api";
import { authClient } from "../lib/auth-client";

export interface NavItem {
  to: "/" | "/account" | "/sign-in" | "/sign-up" | "/dev/mailbox";
  label: string;
}

/** The main navigation, shared by the desktop header and the mobile drawer. */
export function useNavItems(): NavItem[] {
  const { data: session } = authClient.useSession();
  const mailboxEnabled = useDevMailboxEnabled();
  const items: NavItem[] = [{ to: "/", label: "Home" }];
  if (session) items.push({ to: "/account", label: "Account" });
  else items.push({ to: "/sign-in", label: "Sign in" }, { to: "/sign-up", label: "Sign up" });
  if (mailboxEnabled) items.push({ to: "/dev/mailbox", label: "Mailbox" });
  return items;
}
