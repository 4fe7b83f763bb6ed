import { Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ActionErrorAlert } from "../../../components/ActionErrorAlert";
import { ModalActions } from "../../../components/ModalActions";
import { billingApi } from "../../../lib/billing-api";
import { notifySuccess } from "../../../lib/notify";
import { refreshBilling } from "../../dashboard/dashboard.queries";
import { formFailure } from "../CatalogError";
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
  const queryClient = useQueryClient();
  const [name, setName] = useState(meter?.name ?? "");
  const [filter, setFilter] = useState<MeterFilter>(meter?.filter ?? { conjunction: "and", clauses: [emptyClause()] });
  const [func, setFunc] = useState<MeterAggregation["func"]>(meter?.aggregation.func ?? "count");
  const [property, setProperty] = useState(meter && "property" in meter.aggregation ? meter.aggregation.property : "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const own: Record<string, string> = {};
    if (!name.trim()) own.name = "Name is required";
    if (func !== "count" && !property.trim()) own.property = "Which property to aggregate, e.g. metadata.tokens";
    const clausesError = filterError(filter);
    if (clausesError) own.clauses = clausesError;
    setErrors(own);
    if (Object.keys(own).length > 0) return;
    setBusy(true);
    setFailure(null);
    const aggregation = func === "count" ? { func } : { func, property: property.trim() };
    const body = { name: name.trim(), filter, aggregation };
    try {
      if (meter) await billingApi<Meter>(`/v1/meters/${meter.id}`, { method: "PATCH", body });
      else await billingApi<Meter>("/v1/meters/", { method: "POST", body });
      await refreshBilling(queryClient, "meters");
      notifySuccess(meter ? "The meter was saved." : "The meter was created.");
      onClose();
    } catch (error) {
      const { fieldErrors, message } = formFailure(error);
      setErrors(fieldErrors);
      setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={meter ? "Edit meter" : "Create meter"} centered size="xl">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <ActionErrorAlert error={failure ? { message: failure } : null} title="Could not save the meter" />
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
          <ModalActions confirmLabel={meter ? "Save" : "Create meter"} loading={busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
