import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect } from "react";
import { type AuditFilters, auditOutcomes, noAuditFilters } from "./audit.api";

interface AuditLogFiltersProps {
  value: AuditFilters;
  onApply: (filters: AuditFilters) => void;
  /** Organization logs are already narrowed to one organization, and owners may not know user ids. */
  showActor?: boolean;
}

const outcomeOptions = [
  { value: "", label: "Any outcome" },
  ...auditOutcomes.map((o) => ({ value: o, label: o[0]?.toUpperCase() + o.slice(1) })),
];

/** The filter form above an audit log; filters apply on submit, so typing does not flood the server. */
export function AuditLogFilters({ value, onApply, showActor = true }: AuditLogFiltersProps) {
  const form = useForm<AuditFilters>({
    initialValues: value,
    validate: {
      to: (to, values) => (to && values.from && new Date(to) < new Date(values.from) ? "The end must not be before the start" : null),
    },
  });
  // Filters applied from outside (a link, "Clear") show in the form too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: form is a new object each render
  useEffect(() => form.setValues(value), [value]);

  return (
    <form onSubmit={form.onSubmit((filters) => onApply(filters))} noValidate aria-label="Audit log filters">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <TextInput label="Action" placeholder="e.g. admin.ban-user" {...form.getInputProps("action")} />
          <NativeSelect label="Outcome" data={outcomeOptions} {...form.getInputProps("outcome")} />
          {showActor && <TextInput label="Actor user id" {...form.getInputProps("actorUserId")} />}
          <TextInput label="Target id" {...form.getInputProps("targetId")} />
          <TextInput label="From" type="datetime-local" {...form.getInputProps("from")} />
          <TextInput label="To" type="datetime-local" {...form.getInputProps("to")} />
        </SimpleGrid>
        <Group>
          <Button type="submit">Apply filters</Button>
          <Button
            variant="default"
            onClick={() => {
              form.setValues(noAuditFilters);
              onApply(noAuditFilters);
            }}
          >
            Clear filters
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
