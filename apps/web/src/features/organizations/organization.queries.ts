import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type AuthSession, authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";
import type { OrganizationPermissions } from "./permissions";

// Every organization query key starts with "organizations", so one invalidation refreshes the
// switcher, the list and the open organization after a change that may touch all of them.
export const organizationsQueryKey = ["organizations"] as const;
export const organizationListKey = ["organizations", "list"] as const;
export const fullOrganizationKey = (slug: string) => ["organizations", "full", slug] as const;
export const rolesKey = (organizationId: string) => ["organizations", organizationId, "roles"] as const;
export const teamMembersKey = (organizationId: string, teamId: string) =>
  ["organizations", organizationId, "team-members", teamId] as const;

export function useOrganizationList() {
  return useQuery({
    queryKey: organizationListKey,
    queryFn: async () => unwrap(await authClient.organization.list()),
  });
}

export type OrganizationSummary = NonNullable<ReturnType<typeof useOrganizationList>["data"]>[number];

/** The organization with its members (and their users), invitations and teams. */
export function useFullOrganization(slug: string) {
  return useQuery({
    queryKey: fullOrganizationKey(slug),
    queryFn: async () => unwrap(await authClient.organization.getFullOrganization({ query: { organizationSlug: slug } })),
  });
}

export type FullOrganization = NonNullable<ReturnType<typeof useFullOrganization>["data"]>;
export type OrganizationMember = FullOrganization["members"][number];
export type OrganizationInvitation = FullOrganization["invitations"][number];
export interface OrganizationTeam {
  id: string;
  name: string;
  organizationId: string;
  createdAt: Date | string;
}

/** Custom roles of the organization (dynamic access control); empty for members who may not read them. */
export function useCustomRoles(organizationId: string) {
  return useQuery({
    queryKey: rolesKey(organizationId),
    queryFn: async () => unwrap(await authClient.organization.listRoles({ query: { organizationId } })),
  });
}

export type CustomRole = NonNullable<ReturnType<typeof useCustomRoles>["data"]>[number];

/** Refreshes every organization query and the session (whose active organization may have changed). */
export function useRefreshOrganizations() {
  const queryClient = useQueryClient();
  const { refetch: refetchSession } = authClient.useSession();
  return async ({ session = false }: { session?: boolean } = {}) => {
    await queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
    if (session) await refetchSession();
  };
}

/** What every tab of an organization page gets: the organization, my membership and what I may do. */
export interface OrganizationTabProps {
  organization: FullOrganization;
  me: OrganizationMember | undefined;
  permissions: OrganizationPermissions;
  session: AuthSession;
}

/** The organization's teams (get-full-organization includes them when teams are on). */
export function organizationTeams(organization: FullOrganization): OrganizationTeam[] {
  return (organization as { teams?: OrganizationTeam[] | null }).teams ?? [];
}
