import { Alert } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";
import { roleList } from "../../lib/roles";
import { useActiveOrganizationId } from "./dashboard.queries";

// The server gives owners and admins every /v1 scope and everyone else (role `member`, custom roles)
// only the `:read` ones (billing/api/tenant.ts). The dashboard mirrors that rule so members are not
// offered buttons the server would refuse; the server still decides.

const MANAGING_ROLES = ["owner", "admin"];

/** The signed-in member's role in the active organization; undefined while unknown. */
function useActiveMemberRole(): string | undefined {
  const organizationId = useActiveOrganizationId();
  const role = useQuery({
    queryKey: ["billing", organizationId, "my-role"],
    enabled: organizationId !== null,
    staleTime: 60_000,
    queryFn: async () =>
      unwrap(await authClient.organization.getActiveMemberRole({ query: { organizationId: organizationId ?? "" } })).role,
  });
  return role.data;
}

/**
 * Whether the dashboard offers create, edit, delete and archive actions. False while the role loads,
 * so a member never sees a button appear and vanish.
 */
export function useCanManageBilling(): boolean {
  return roleList(useActiveMemberRole()).some((name) => MANAGING_ROLES.includes(name));
}

/** Whether the role is known and gives read access only: when to say so. */
function useIsReadOnlyMember(): boolean {
  const role = useActiveMemberRole();
  return role !== undefined && !roleList(role).some((name) => MANAGING_ROLES.includes(name));
}

/** Renders its children (a create, edit or delete control) only for those who may manage billing. */
export function ManageOnly({ children }: { children: ReactNode }) {
  return useCanManageBilling() ? children : null;
}

/** Shown at the top of every dashboard page to members who can only look. */
export function ReadOnlyNotice() {
  if (!useIsReadOnlyMember()) return null;
  return (
    <Alert color="gray" title="You have read-only access">
      Your role in this organization lets you see its billing, not change it. Ask an owner or admin for changes.
    </Alert>
  );
}

/** A form's fields, disabled (as a native fieldset disables every control in it) for read-only members. */
export function ManagedFieldset({ children }: { children: ReactNode }) {
  const canManage = useCanManageBilling();
  return (
    <fieldset disabled={!canManage} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
