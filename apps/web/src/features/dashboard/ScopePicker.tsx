import { Checkbox, Fieldset, Group, SimpleGrid, Stack, Text } from "@mantine/core";

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

/** Scope checkboxes, one group per resource, each group and the whole list with a select-all. */
export function ScopePicker({ scopes, value, onChange, error }: ScopePickerProps) {
  const selected = new Set(value);
  const setMany = (many: readonly string[], on: boolean) => {
    const next = new Set(selected);
    for (const scope of many) {
      if (on) next.add(scope);
      else next.delete(scope);
    }
    // Keep the server's order, so the request reads like the list.
    onChange(scopes.filter((scope) => next.has(scope)));
  };
  const allOn = scopes.length > 0 && scopes.every((scope) => selected.has(scope));
  const someOn = scopes.some((scope) => selected.has(scope));

  return (
    <Fieldset legend="Scopes">
      <Stack gap="sm">
        <Checkbox
          label="Select all scopes"
          checked={allOn}
          indeterminate={someOn && !allOn}
          onChange={(event) => setMany(scopes, event.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {groupByResource(scopes).map(([resource, group]) => {
            const groupOn = group.every((scope) => selected.has(scope));
            const groupSome = group.some((scope) => selected.has(scope));
            return (
              <Stack key={resource} gap={4} role="group" aria-label={`Scopes for ${resource}`}>
                <Checkbox
                  label={
                    <Text fw={600} size="sm">
                      {resource}
                    </Text>
                  }
                  aria-label={`All ${resource} scopes`}
                  checked={groupOn}
                  indeterminate={groupSome && !groupOn}
                  onChange={(event) => setMany(group, event.currentTarget.checked)}
                />
                <Group gap="md" pl="lg">
                  {group.map((scope) => (
                    <Checkbox
                      key={scope}
                      size="xs"
                      label={scope}
                      checked={selected.has(scope)}
                      onChange={(event) => setMany([scope], event.currentTarget.checked)}
                    />
                  ))}
                </Group>
              </Stack>
            );
          })}
        </SimpleGrid>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
