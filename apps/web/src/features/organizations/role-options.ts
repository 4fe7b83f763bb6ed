import { hasRole } from "../../lib/roles";
import { useCustomRoles } from "./organization.queries";
import { builtInRoles } from "./permissions";

export interface RoleOption {
  value: string;
  /** Only an owner may make someone an owner (the server refuses it to anyone else). */
  disabled: boolean;
}

/** The roles one can give in this organization: the built-in three, then its custom roles. */
export function useRoleOptions(organizationId: string, myRole: string | undefined): RoleOption[] {
  const customRoles = useCustomRoles(organizationId);
  const iAmOwner = hasRole(myRole, "owner");
  const custom = (customRoles.data ?? []).map((role) => role.role).filter((name) => !(builtInRoles as readonly string[]).includes(name));
  return [...builtInRoles, ...custom].map((value) => ({ value, disabled: value === "owner" && !iAmOwner }));
}
