import { useQuery } from "@tanstack/react-query";
// The server's own role definitions, so the screens can never disagree with them about built-in roles.
import { organizationAc, organizationRoles } from "../../../../server/src/auth/organizations/roles.ts";
import { authClient } from "../../lib/auth-client";
import { roleList } from "../../lib/roles";
import { useCustomRoles } from "./organization.queries";

export type PermissionResource = keyof typeof organizationAc.statements;
type Grants = Partial<Record<string, readonly string[]>>;

/** Resources and actions a role can be granted (SPEC §6), as the server's access control declares them. */
export const permissionCatalogue = organizationAc.statements as Record<PermissionResource, readonly string[]>;
export const permissionResources = Object.keys(permissionCatalogue) as PermissionResource[];

const knownLabels: Record<string, string> = {
  organization: "Organization",
  member: "Members",
  invitation: "Invitations",
  team: "Teams",
  ac: "Roles",
};
export const resourceLabel = (resource: string) => knownLabels[resource] ?? resource;

export const builtInRoles = Object.keys(organizationRoles) as (keyof typeof organizationRoles)[];
const builtInGrants: Record<string, Grants> = Object.fromEntries(
  Object.entries(organizationRoles).map(([name, role]) => [name, role.statements]),
);

// The actions the screens offer, each as the server checks it.
const checkedActions = {
  updateOrganization: ["organization", "update"],
  deleteOrganization: ["organization", "delete"],
  updateMember: ["member", "update"],
  deleteMember: ["member", "delete"],
  createInvitation: ["invitation", "create"],
  cancelInvitation: ["invitation", "cancel"],
  createTeam: ["team", "create"],
  updateTeam: ["team", "update"],
  deleteTeam: ["team", "delete"],
  createRole: ["ac", "create"],
  updateRole: ["ac", "update"],
  deleteRole: ["ac", "delete"],
} as const satisfies Record<string, readonly [PermissionResource, string]>;

export type OrganizationAction = keyof typeof checkedActions;
export type OrganizationPermissions = Record<OrganizationAction, boolean>;

const actionNames = Object.keys(checkedActions) as OrganizationAction[];
const decide = (allowed: (action: OrganizationAction) => boolean) =>
  Object.fromEntries(actionNames.map((action) => [action, allowed(action)])) as OrganizationPermissions;
const nothingAllowed = decide(() => false);

/** SPEC §6: a role list is granted an action when any of its roles is (custom roles add to built-ins of the same name). */
export function permissionsOf(role: string, customRoles: { role: string; permission: Grants | null }[]): OrganizationPermissions {
  const grantsOf = (name: string) => [builtInGrants[name], customRoles.find((custom) => custom.role === name)?.permission ?? undefined];
  const grants = roleList(role).flatMap(grantsOf);
  return decide((action) => {
    const [resource, verb] = checkedActions[action];
    return grants.some((grant) => grant?.[resource]?.includes(verb) === true);
  });
}

/**
 * What the signed-in member may do in this organization, to show, hide or disable actions. Only a
 * hint: the server checks again on every call, and its refusal is what the person then reads.
 * Worked out here from the role definitions rather than asked action by action, which would cost a
 * dozen requests a page and run into the rate limit. Only a custom role whose definition this
 * member may not read (no "ac: read") is left to the server to judge.
 */
export function useOrganizationPermissions(organizationId: string, role: string | undefined): OrganizationPermissions {
  const customRoles = useCustomRoles(organizationId);
  const hasCustomRole = roleList(role).some((name) => !(name in builtInGrants));
  const askServer = Boolean(role) && hasCustomRole && customRoles.isError;
  const fromServer = useQuery({
    queryKey: ["organizations", organizationId, "permissions", role ?? ""],
    enabled: askServer,
    queryFn: async () => {
      const answers = await Promise.all(
        actionNames.map(async (action) => {
          const [resource, verb] = checkedActions[action];
          const result = await authClient.organization.hasPermission({ organizationId, permissions: { [resource]: [verb] } });
          return [action, result.data?.success === true] as const;
        }),
      );
      return Object.fromEntries(answers) as OrganizationPermissions;
    },
  });
  if (!role) return nothingAllowed;
  if (askServer) return fromServer.data ?? nothingAllowed;
  if (hasCustomRole && !customRoles.data) return nothingAllowed;
  return permissionsOf(role, (customRoles.data ?? []) as { role: string; permission: Grants | null }[]);
}
