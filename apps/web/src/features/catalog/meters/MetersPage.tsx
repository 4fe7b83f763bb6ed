import { Badge, Button, Select, Stack, Table, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmActionModal } from "../../../components/ConfirmActionModal";
import { AnchorLink } from "../../../components/links";
import { RowActions, RowButton } from "../../../components/RowActions";
import { billingAction, billingApi } from "../../../lib/billing-api";
import { formatDateTime } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { BillingListView } from "../../dashboard/BillingListView";
import { ManageOnly } from "../../dashboard/billing-access";
import { DashboardLayout } from "../../dashboard/DashboardLayout";
import { PAGE_SIZE, refreshBilling, useBillingList } from "../../dashboard/dashboard.queries";
import { CatalogError } from "../CatalogError";
import type { Meter } from "../catalog.api";
import { MeterFormModal } from "./MeterFormModal";
import { aggregationText, filterText } from "./meter-text";

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

  const setArchived = (meter: Meter, archived: boolean) =>
    billingAction(
      () => billingApi<Meter>(`/v1/meters/${meter.id}`, { method: "PATCH", body: { is_archived: archived } }),
      async () => {
        await refreshBilling(queryClient, "meters");
        notifySuccess(archived ? `${meter.name} was archived.` : `${meter.name} is active again.`);
      },
    );

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
            <Table.Td>
              <AnchorLink to="/dashboard/meters/$id" params={{ id: meter.id }}>
                {meter.name}
              </AnchorLink>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {filterText(meter.filter)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light">{aggregationText(meter.aggregation)}</Badge>
            </Table.Td>
            <Table.Td>{formatDateTime(meter.created_at)}</Table.Td>
            <Table.Td>
              <ManageOnly>
                <RowActions>
                  <RowButton label={`Edit ${meter.name}`} onClick={() => setEditing(meter)}>
                    Edit
                  </RowButton>
                  {status === "archived" ? (
                    <RowButton
                      label={`Unarchive ${meter.name}`}
                      onClick={() =>
                        void setArchived(meter, false).then((failure) => failure && notifyError(failure, "Could not unarchive the meter"))
                      }
                    >
                      Unarchive
                    </RowButton>
                  ) : (
                    <RowButton label={`Archive ${meter.name}`} danger onClick={() => setArchiving(meter)}>
                      Archive
                    </RowButton>
                  )}
                </RowActions>
              </ManageOnly>
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
