import { Button, Checkbox, Group, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { usePickerList } from "../../dashboard/dashboard.queries";
import type { CustomField } from "../catalog.api";

export interface AttachedFieldDraft {
  custom_field_id: string;
  required: boolean;
}

/** The custom fields the checkout asks for, in order, each required or not. */
export function ProductCustomFields({
  value,
  onChange,
}: {
  value: AttachedFieldDraft[];
  onChange: (fields: AttachedFieldDraft[]) => void;
}) {
  const customFields = usePickerList<CustomField>("custom-fields");
  const [adding, setAdding] = useState<string | null>(null);
  const byId = new Map((customFields.data ?? []).map((field) => [field.id, field]));
  const available = (customFields.data ?? []).filter((field) => !value.some((attached) => attached.custom_field_id === field.id));

  return (
    <Stack gap="xs">
      {value.length === 0 && <Text c="dimmed">The checkout asks for no extra fields.</Text>}
      {value.map((attached, index) => {
        const name = byId.get(attached.custom_field_id)?.name ?? attached.custom_field_id;
        return (
          <Group key={attached.custom_field_id} justify="space-between">
            <Text>{name}</Text>
            <Group gap="sm">
              <Checkbox
                label={`Required: ${name}`}
                checked={attached.required}
                onChange={(event) => {
                  const required = event.currentTarget.checked;
                  onChange(value.map((field, i) => (i === index ? { ...field, required } : field)));
                }}
              />
              <Button
                size="xs"
                variant="light"
                color="red"
                aria-label={`Detach ${name}`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                Detach
              </Button>
            </Group>
          </Group>
        );
      })}
      <Group align="flex-end">
        <Select
          label="Attach a custom field"
          data={available.map((field) => ({ value: field.id, label: `${field.name} (${field.type})` }))}
          value={adding}
          onChange={setAdding}
          nothingFoundMessage="No more custom fields"
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          disabled={!adding}
          onClick={() => {
            if (!adding) return;
            onChange([...value, { custom_field_id: adding, required: false }]);
            setAdding(null);
          }}
        >
          Attach
        </Button>
      </Group>
    </Stack>
  );
}
