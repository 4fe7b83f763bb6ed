import { Button, Card, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import type { FilterClause, MeterFilter } from "../catalog.api";

// Builds a meter's event filter: clauses (property, operator, value) joined by and/or, with nested
// groups for mixes like "name = api_call and (tier = pro or tier = team)".

const OPERATORS = [
  { value: "eq", label: "equals" },
  { value: "ne", label: "does not equal" },
  { value: "gt", label: "greater than" },
  { value: "gte", label: "at least" },
  { value: "lt", label: "less than" },
  { value: "lte", label: "at most" },
  { value: "like", label: "contains" },
  { value: "not_like", label: "does not contain" },
];

const isGroup = (clause: FilterClause | MeterFilter): clause is MeterFilter => "clauses" in clause;

/** The typed text as the wire value: numbers and booleans when it reads as one (JSON-style). */
export function clauseValue(text: string): string | number | boolean {
  const trimmed = text.trim();
  if (trimmed === "true" || trimmed === "false") return trimmed === "true";
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return text;
}

export function emptyClause(): FilterClause {
  return { property: "name", operator: "eq", value: "" };
}

/** Null when every clause names a property; a message otherwise. */
export function filterError(filter: MeterFilter): string | null {
  for (const clause of filter.clauses) {
    if (isGroup(clause)) {
      const nested = filterError(clause);
      if (nested) return nested;
    } else if (!clause.property.trim()) return "Every condition needs a property";
  }
  return null;
}

interface FilterBuilderProps {
  value: MeterFilter;
  onChange: (filter: MeterFilter) => void;
  /** Prefix of the inputs' labels, e.g. "Group 2 " inside a nested group. */
  prefix?: string;
  depth?: number;
}

export function FilterBuilder({ value, onChange, prefix = "", depth = 0 }: FilterBuilderProps) {
  const replace = (index: number, clause: FilterClause | MeterFilter) =>
    onChange({ ...value, clauses: value.clauses.map((c, i) => (i === index ? clause : c)) });
  const remove = (index: number) => onChange({ ...value, clauses: value.clauses.filter((_, i) => i !== index) });
  return (
    <Stack gap="xs">
      <Select
        label={`${prefix}Match`}
        allowDeselect={false}
        data={[
          { value: "and", label: "All conditions (and)" },
          { value: "or", label: "Any condition (or)" },
        ]}
        value={value.conjunction}
        onChange={(conjunction) => conjunction && onChange({ ...value, conjunction: conjunction as MeterFilter["conjunction"] })}
        w={240}
      />
      {value.clauses.length === 0 && (
        <Text size="sm" c="dimmed">
          No conditions: every event counts.
        </Text>
      )}
      {value.clauses.map((clause, index) => {
        const n = index + 1;
        if (isGroup(clause))
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: clauses are positional
            <Card key={index} withBorder padding="xs">
              <FilterBuilder value={clause} onChange={(group) => replace(index, group)} prefix={`${prefix}Group ${n} `} depth={depth + 1} />
              <Group justify="flex-end" mt="xs">
                <Button size="xs" variant="subtle" color="red" aria-label={`Remove ${prefix}group ${n}`} onClick={() => remove(index)}>
                  Remove group
                </Button>
              </Group>
            </Card>
          );
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: clauses are positional
          <Group key={index} align="flex-end" wrap="wrap">
            <TextInput
              label={`${prefix}Condition ${n} property`}
              description={index === 0 && depth === 0 ? "name, source, or metadata.<key>" : undefined}
              value={clause.property}
              onChange={(event) => replace(index, { ...clause, property: event.currentTarget.value })}
            />
            <Select
              label={`${prefix}Condition ${n} operator`}
              allowDeselect={false}
              data={OPERATORS}
              value={clause.operator}
              onChange={(operator) => operator && replace(index, { ...clause, operator })}
              w={170}
            />
            <TextInput
              label={`${prefix}Condition ${n} value`}
              value={String(clause.value)}
              onChange={(event) => replace(index, { ...clause, value: clauseValue(event.currentTarget.value) })}
            />
            <Button variant="subtle" color="red" aria-label={`Remove ${prefix}condition ${n}`} onClick={() => remove(index)}>
              Remove
            </Button>
          </Group>
        );
      })}
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => onChange({ ...value, clauses: [...value.clauses, emptyClause()] })}>
          {`Add ${prefix ? `${prefix.toLowerCase()}` : ""}condition`}
        </Button>
        {depth < 2 && (
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              onChange({
                ...value,
                clauses: [...value.clauses, { conjunction: value.conjunction === "and" ? "or" : "and", clauses: [emptyClause()] }],
              })
            }
          >
            {`Add ${prefix ? `${prefix.toLowerCase()}` : ""}group`}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
