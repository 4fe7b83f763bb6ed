import { Badge, Button, Select, Stack, Table } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmActionModal } from "../../../components/ConfirmActionModal";
import { RowActions, RowButton } from "../../../components/RowActions";
import { deleteBillingObject } from "../../../lib/billing-api";
import { formatDateTime } from "../../../lib/format";
import { notifySuccess } from "../../../lib/notify";
import { BillingListView } from "../../dashboard/BillingListView";
import { ManageOnly } from "../../dashboard/billing-access";
import { DashboardLayout } from "../../dashboard/DashboardLayout";
import { PAGE_SIZE, refreshBilling, useBillingList } from "../../dashboard/dashboard.queries";
import { CatalogError } from "../CatalogError";
import { CUSTOM_FIELD_TYPES, type CustomField } from "../catalog.api";
import { CustomFieldFormModal } from "./CustomFieldFormModal";

export function CustomFieldsPage() {
  const [creating, setCreating] = useState(false);
  return (
    <DashboardLayout title="Custom fields" actions={<Button onClick={() => setCreating(true)}>Create custom field</Button>}>
      <CustomFieldList />
      {creating && <CustomFieldFormModal onClose={() => setCreating(false)} />}
    </DashboardLayout>
  );
}

function CustomFieldList() {
  const queryClient = useQueryClient();
  const [type, setType] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<CustomField | null>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const fields = useBillingList<CustomField>("custom-fields", { type: type ?? undefined, page, limit: PAGE_SIZE });

  const remove = async () => {
    if (!deleting) return null;
    return deleteBillingObject(`/v1/custom-fields/${deleting.id}`, async () => {
      await refreshBilling(queryClient);
      notifySuccess(`${deleting.name} was deleted.`);
    });
  };

  return (
    <Stack gap="md">
      <Select
        label="Type"
        placeholder="All types"
        clearable
        data={[...CUSTOM_FIELD_TYPES]}
        value={type}
        onChange={(value) => {
          setType(value);
          setPage(1);
        }}
        w={220}
      />
      <BillingListView
        query={fields}
        loadingLabel="Loading custom fields"
        renderError={(error) => <CatalogError error={error} title="Could not load custom fields" />}
        emptyText="No custom fields yet. They add questions to the checkout (a company name, a VAT number…)."
        caption="Custom fields"
        columns={["Name", "Slug", "Type", "Created", "Actions"]}
        minWidth={640}
        noun="Custom fields"
        page={page}
        onPageChange={setPage}
        row={(field) => (
          <Table.Tr key={field.id}>
            <Table.Td>{field.name}</Table.Td>
            <Table.Td>
              <code>{field.slug}</code>
            </Table.Td>
            <Table.Td>
              <Badge variant="light">{field.type}</Badge>
            </Table.Td>
            <Table.Td>{formatDateTime(field.created_at)}</Table.Td>
            <Table.Td>
              <ManageOnly>
                <RowActions>
                  <RowButton label={`Edit ${field.name}`} onClick={() => setEditing(field)}>
                    Edit
                  </RowButton>
                  <RowButton label={`Delete ${field.name}`} danger onClick={() => setDeleting(field)}>
                    Delete
                  </RowButton>
                </RowActions>
              </ManageOnly>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {editing && <CustomFieldFormModal key={editing.id} field={editing} onClose={() => setEditing(null)} />}
      <ConfirmActionModal
        opened={deleting !== null}
        title="Delete custom field"
        description={`Delete ${deleting?.name ?? "this field"}? Products stop asking for it; answers already given are kept.`}
        confirmLabel="Delete"
        errorTitle="Could not delete the custom field"
        onClose={() => setDeleting(null)}
        onConfirm={remove}
      />
    </Stack>
  );
}
