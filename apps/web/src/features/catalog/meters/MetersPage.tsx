import { Badge, Button, Select, Stack, Table, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmActionModal } from "../../../components/ConfirmActionModal";
import { RowActions, RowButton } from "../../../components/RowActions";
import { billingApi } from "../../../lib/billing-api";
import { formatDateTime } from "../../../lib/format";
import { notifySuccess } from "../../../lib/notify";
import { BillingListView } from "../../dashboard/BillingListView";
import { DashboardLayout } from "../../dashboard/DashboardLayout";
import { PAGE_SIZE, refreshBilling, useBillingList } from "../../dashboard/dashboard.queries";
import { CatalogError, formFailure } from "../CatalogError";
import type { Meter, MeterFilter } from "../catalog.api";
import { MeterFormModal } from "./MeterFormModal";

/** "name eq api_call and metadata.tier eq pro", for the list. */
function filterText(filter: MeterFilter): string {
  const parts = filter.clauses.map((clause) =>
    "clauses" in clause ? `(${filterText(clause)})` : `${clause.property} ${clause.operator} ${String(clause.value)}`,
  );
  return parts.join(` ${filter.conjunction} `) || "every event";
}

export function MetersPage() {
  const [creating, setCreating] = useState(false);
  return (
    <DashboardLayout title="Meters" actions={<Button onClick={() => setCreating(true)}>Create meter</Button>}>
      <MeterList />
      {creating && <MeterFormModal onClose={() => setCreating(false)} />}
    </DashboardLayout>
  );
}

function MeterList() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState("active");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Meter | null>(null);
  const [archiving, setArchiving] = useState<Meter | null>(null);
  const meters = useBillingList<Meter>("meters", { is_archived: status === "archived", page, limit: PAGE_SIZE });

  const setArchived = async (meter: Meter, archived: boolean) => {
    try {
      await billingApi<Meter>(`/v1/meters/${meter.id}`, { method: "PATCH", body: { is_archived: archived } });
      await refreshBilling(queryClient, "meters");
      notifySuccess(archived ? `${meter.name} was archived.` : `${meter.name} is active again.`);
      return null;
    } catch (error) {
      return { message: formFailure(error).message };
    }
  };

  return (
    <Stack gap="md">
      <Select
        label="Status"
        allowDeselect={false}
        data={[
          { value: "active", label: "Active" },
          { value: "archived", label: "Archived" },
        ]}
        value={status}
        onChange={(value) => {
          setStatus(value ?? "active");
          setPage(1);
        }}
        w={180}
      />
      <BillingListView
        query={meters}
        loadingLabel="Loading meters"
        renderError={(error) => <CatalogError error={error} title="Could not load meters" />}
        emptyText={status === "archived" ? "No archived meters." : "No meters yet. A meter turns ingested events into usage you can bill."}
        caption="Meters"
        columns={["Name", "Filter", "Aggregation", "Created", "Actions"]}
        minWidth={720}
        noun="Meters"
        page={page}
        onPageChange={setPage}
        row={(meter) => (
          <Table.Tr key={meter.id}>
            <Table.Td>{meter.name}</Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {filterText(meter.filter)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light">
                {"property" in meter.aggregation ? `${meter.aggregation.func}(${meter.aggregation.property})` : "count"}
              </Badge>
            </Table.Td>
            <Table.Td>{formatDateTime(meter.created_at)}</Table.Td>
            <Table.Td>
              <RowActions>
                <RowButton label={`Edit ${meter.name}`} onClick={() => setEditing(meter)}>
                  Edit
                </RowButton>
                {status === "archived" ? (
                  <RowButton label={`Unarchive ${meter.name}`} onClick={() => void setArchived(meter, false)}>
                    Unarchive
                  </RowButton>
                ) : (
                  <RowButton label={`Archive ${meter.name}`} danger onClick={() => setArchiving(meter)}>
                    Archive
                  </RowButton>
                )}
              </RowActions>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {editing && <MeterFormModal key={editing.id} meter={editing} onClose={() => setEditing(null)} />}
      <ConfirmActionModal
        opened={archiving !== null}
        title="Archive meter"
        description={`Archive ${archiving?.name ?? "this meter"}? It stops counting new events; prices using it keep their history.`}
        confirmLabel="Archive"
        errorTitle="Could not archive the meter"
        onClose={() => setArchiving(null)}
        onConfirm={() => (archiving ? setArchived(archiving, true) : Promise.resolve(null))}
      />
    </Stack>
  );
}
