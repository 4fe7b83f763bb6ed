import { Checkbox, Fieldset, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

interface GroupedCheckboxPickerProps {
  legend: ReactNode;
  /** The label of the checkbox that ticks every option ("Select all scopes"). */
  selectAllLabel: string;
  /** Every option, in the order the value keeps. */
  options: readonly string[];
  /** The options by group, as [group, its options]. */
  groups: readonly (readonly [string, readonly string[]])[];
  /** The heading shown for a group; the group's key by default. */
  groupTitle?: (group: string) => string;
  /** The accessible name of a group's own select-all ("All customer events"). */
  groupToggleLabel: (group: string) => string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
}

/**
 * Checkboxes grouped under headings, each group and the whole list with a select-all: for long
 * lists (scopes, event types) that are too many to tick one by one, where a searchable select would
 * hide what is left out.
 */
export function GroupedCheckboxPicker({
  legend,
  selectAllLabel,
  options,
  groups,
  groupTitle = (group) => group,
  groupToggleLabel,
  value,
  onChange,
  error,
}: GroupedCheckboxPickerProps) {
  const selected = new Set(value);
  const setMany = (many: readonly string[], on: boolean) => {
    const next = new Set(selected);
    for (const option of many) {
      if (on) next.add(option);
      else next.delete(option);
    }
    // The list's order, so what is saved reads like the picker.
    onChange(options.filter((option) => next.has(option)));
  };
  const allOn = options.length > 0 && options.every((option) => selected.has(option));
  const someOn = options.some((option) => selected.has(option));

  return (
    <Fieldset legend={legend}>
      <Stack gap="sm">
        <Checkbox
          label={selectAllLabel}
          checked={allOn}
          indeterminate={someOn && !allOn}
          onChange={(event) => setMany(options, event.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {groups.map(([group, members]) => {
            const groupOn = members.every((option) => selected.has(option));
            const groupSome = members.some((option) => selected.has(option));
            return (
              <Stack key={group} gap={4} role="group" aria-label={groupTitle(group)}>
                <Checkbox
                  label={
                    <Text fw={600} size="sm">
                      {groupTitle(group)}
                    </Text>
                  }
                  aria-label={groupToggleLabel(group)}
                  checked={groupOn}
                  indeterminate={groupSome && !groupOn}
                  onChange={(event) => setMany(members, event.currentTarget.checked)}
                />
                <Group gap="md" pl="lg">
                  {members.map((option) => (
                    <Checkbox
                      key={option}
                      size="xs"
                      label={option}
                      checked={selected.has(option)}
                      onChange={(event) => setMany([option], event.currentTarget.checked)}
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
