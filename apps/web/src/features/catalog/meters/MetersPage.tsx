import { Badge, Button, Select, Stack, Table, Text } from "@mantine/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmActionModal } from "../../../components/ConfirmActionModal";
import { ListTable } from "../../../components/ListTable";
import { PagedListFooter } from "../../../components/PagedListFooter";
import { QueryView } from "../../../components/QueryView";
import { RowActions, RowButton } from "../../../components/RowActions";
import { billingApi, type ListResource } from "../../../lib/billing-api";
import { formatDateTime } from "../../../lib/format";
import { notifySuccess } from "../../../lib/notify";
import { DashboardLayout } from "../../dashboard/DashboardLayout";
import { CatalogError, formFailure } from "../CatalogError";
import { catalogKeys, type Meter, type MeterFilter, PAGE_SIZE, refreshCatalog } from "../catalog.api";
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
  const params = { is_archived: status === "archived", page, limit: PAGE_SIZE };
  const meters = useQuery({
    queryKey: catalogKeys.meters(params),
    queryFn: () => billingApi<ListResource<Meter>>("/v1/meters/", { query: params }),
    placeholderData: keepPreviousData,
  });

  const setArchived = async (meter: Meter, archived: boolean) => {
    try {
      await billingApi<Meter>(`/v1/meters/${meter.id}`, { method: "PATCH", body: { is_archived: archived } });
      await refreshCatalog(queryClient, "meters");
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
      <QueryView
        query={meters}
        loadingLabel="Loading meters"
        renderError={(error) => <CatalogError error={error} title="Could not load meters" />}
      >
        {(list) =>
          list.items.length === 0 ? (
            <Text c="dimmed">
              {status === "archived" ? "No archived meters." : "No meters yet. A meter turns ingested events into usage you can bill."}
            </Text>
          ) : (
            <Stack gap="sm">
              <ListTable caption="Meters" columns={["Name", "Filter", "Aggregation", "Created", "Actions"]} minWidth={720}>
                {list.items.map((meter) => (
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
                ))}
              </ListTable>
              <PagedListFooter
                noun="Meters"
                shown={list.items.length}
                total={list.pagination.total_count}
                page={page}
                pageSize={PAGE_SIZE}
                onPageChange={setPage}
              />
            </Stack>
          )
        }
      </QueryView>
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
