import { useDevMailboxEnabled } from "../features/dev-mailbox/mailbox.api";
import { authClient } from "../lib/auth-client";
import { hasRole } from "../lib/roles";

export interface NavItem {
  to: "/" | "/account" | "/organizations" | "/dashboard" | "/admin" | "/sign-in" | "/sign-up" | "/dev/mailbox";
  label: string;
}

/** Platform role "admin" (SPEC §6), possibly within a comma-separated role list. */
export const isPlatformAdmin = (user: { role?: string | null }) => hasRole(user.role, "admin");

/** The main navigation, shared by the desktop header and the mobile drawer. */
export function useNavItems(): NavItem[] {
  const { data: session } = authClient.useSession();
  const mailboxEnabled = useDevMailboxEnabled();
  const items: NavItem[] = [{ to: "/", label: "Home" }];
  if (session) {
    items.push(
      { to: "/account", label: "Account" },
      { to: "/organizations", label: "Organizations" },
      { to: "/dashboard", label: "Dashboard" },
    );
    if (isPlatformAdmin(session.user)) items.push({ to: "/admin", label: "Admin" });
  } else items.push({ to: "/sign-in", label: "Sign in" }, { to: "/sign-up", label: "Sign up" });
  if (mailboxEnabled) items.push({ to: "/dev/mailbox", label: "Mailbox" });
  return items;
}
