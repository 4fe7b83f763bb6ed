import { Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { ModalActions } from "../../../components/ModalActions";
import { billingApi } from "../../../lib/billing-api";
import { useBillingSubmit } from "../../dashboard/billing-submit";
import type { Meter, MeterAggregation, MeterFilter } from "../catalog.api";
import { emptyClause, FilterBuilder, filterError } from "./FilterBuilder";

const AGGREGATIONS = [
  { value: "count", label: "Count events" },
  { value: "sum", label: "Sum of a property" },
  { value: "max", label: "Maximum of a property" },
  { value: "min", label: "Minimum of a property" },
  { value: "avg", label: "Average of a property" },
  { value: "unique", label: "Unique values of a property" },
];

/** Creates a meter (name, event filter, aggregation), or edits one. */
export function MeterFormModal({ meter, onClose }: { meter?: Meter; onClose: () => void }) {
  const [name, setName] = useState(meter?.name ?? "");
  const [filter, setFilter] = useState<MeterFilter>(meter?.filter ?? { conjunction: "and", clauses: [emptyClause()] });
  const [func, setFunc] = useState<MeterAggregation["func"]>(meter?.aggregation.func ?? "count");
  const [property, setProperty] = useState(meter && "property" in meter.aggregation ? meter.aggregation.property : "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The filter is built by hand rather than with useForm, so the hook gets the fields it can name.
  const save = useBillingSubmit({
    form: { values: { name, property, clauses: filter.clauses }, setErrors },
    errorTitle: "Could not save the meter",
    refresh: ["meters"],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const own: Record<string, string> = {};
    if (!name.trim()) own.name = "Name is required";
    if (func !== "count" && !property.trim()) own.property = "Which property to aggregate, e.g. metadata.tokens";
    const clausesError = filterError(filter);
    if (clausesError) own.clauses = clausesError;
    setErrors(own);
    if (Object.keys(own).length > 0) return;
    const aggregation = func === "count" ? { func } : { func, property: property.trim() };
    const body = { name: name.trim(), filter, aggregation };
    await save.run(
      () =>
        meter
          ? billingApi<Meter>(`/v1/meters/${meter.id}`, { method: "PATCH", body })
          : billingApi<Meter>("/v1/meters/", { method: "POST", body }),
      { success: meter ? "The meter was saved." : "The meter was created.", onSaved: onClose },
    );
  };

  return (
    <Modal opened onClose={onClose} title={meter ? "Edit meter" : "Create meter"} centered size="xl">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Text fw={500} size="sm">
            Events that count
          </Text>
          <FilterBuilder value={filter} onChange={setFilter} />
          {errors.clauses && (
            <Text size="sm" c="red">
              {errors.clauses}
            </Text>
          )}
          <Group align="flex-start" grow>
            <Select
              label="Aggregation"
              allowDeselect={false}
              data={AGGREGATIONS}
              value={func}
              onChange={(value) => value && setFunc(value as MeterAggregation["func"])}
            />
            {func !== "count" && (
              <TextInput
                label="Aggregated property"
                placeholder="metadata.tokens"
                value={property}
                error={errors.property}
                onChange={(event) => setProperty(event.currentTarget.value)}
              />
            )}
          </Group>
          <ModalActions confirmLabel={meter ? "Save" : "Create meter"} loading={save.busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
