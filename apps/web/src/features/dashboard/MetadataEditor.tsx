import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from "@mantine/core";
import type { Metadata } from "./billing-types";

export interface MetadataRow {
  key: string;
  value: string;
}

export const metadataRows = (metadata: Metadata | null | undefined): MetadataRow[] =>
  Object.entries(metadata ?? {}).map(([key, value]) => ({ key, value: String(value) }));

/** Rows back to Polar's map; blank keys are dropped, values are sent as the strings typed. */
export const metadataFromRows = (rows: MetadataRow[]): Record<string, string> =>
  Object.fromEntries(rows.filter((row) => row.key.trim()).map((row) => [row.key.trim(), row.value]));

/** Key/value pairs the merchant attaches for their own use (Polar: ≤ 50 keys, keys ≤ 40 characters). */
export function MetadataEditor({ value, onChange }: { value: MetadataRow[]; onChange: (rows: MetadataRow[]) => void }) {
  const update = (index: number, row: Partial<MetadataRow>) =>
    onChange(value.map((current, i) => (i === index ? { ...current, ...row } : current)));
  return (
    <Fieldset legend="Metadata">
      <Stack gap="xs">
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            No metadata.
          </Text>
        )}
        {value.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position while editing
          <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={`Metadata key ${index + 1}`}
              maxLength={40}
              value={row.key}
              onChange={(event) => update(index, { key: event.currentTarget.value })}
              flex={1}
            />
            <TextInput
              label={`Metadata value ${index + 1}`}
              maxLength={500}
              value={row.value}
              onChange={(event) => update(index, { value: event.currentTarget.value })}
              flex={2}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove metadata ${row.key || index + 1}`}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="default" size="xs" onClick={() => onChange([...value, { key: "", value: "" }])} disabled={value.length >= 50}>
            Add metadata
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
