import { GroupedCheckboxPicker } from "../../components/GroupedCheckboxPicker";

interface ScopePickerProps {
  scopes: readonly string[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
}

/** "products:read" → "products"; OpenID scopes (openid, email…) have no resource and group as "user". */
const resourceOf = (scope: string) => (scope.includes(":") ? (scope.split(":")[0] ?? scope) : "user");

function groupByResource(scopes: readonly string[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const scope of scopes) groups.set(resourceOf(scope), [...(groups.get(resourceOf(scope)) ?? []), scope]);
  return [...groups.entries()];
}

/** The scopes of an access token, one group per resource. */
export function ScopePicker({ scopes, value, onChange, error }: ScopePickerProps) {
  return (
    <GroupedCheckboxPicker
      legend="Scopes"
      selectAllLabel="Select all scopes"
      options={scopes}
      groups={groupByResource(scopes)}
      groupToggleLabel={(resource) => `All ${resource} scopes`}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
