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
import { BENEFIT_TYPE_LABELS, BENEFIT_TYPES, type Benefit } from "../catalog.api";
import { BenefitFormModal } from "./BenefitFormModal";

export function BenefitsPage() {
  const [creating, setCreating] = useState(false);
  return (
    <DashboardLayout title="Benefits" actions={<Button onClick={() => setCreating(true)}>Create benefit</Button>}>
      <BenefitList />
      {/* Remounted per opening so the form starts empty. */}
      {creating && <BenefitFormModal opened onClose={() => setCreating(false)} />}
    </DashboardLayout>
  );
}

function BenefitList() {
  const queryClient = useQueryClient();
  const [type, setType] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Benefit | null>(null);
  const [deleting, setDeleting] = useState<Benefit | null>(null);
  const benefits = useBillingList<Benefit>("benefits", { type: type ?? undefined, page, limit: PAGE_SIZE });

  const remove = async () => {
    if (!deleting) return null;
    return deleteBillingObject(`/v1/benefits/${deleting.id}`, async () => {
      await refreshBilling(queryClient);
      notifySuccess(`${deleting.description} was deleted.`);
    });
  };

  return (
    <Stack gap="md">
      <Select
        label="Type"
        placeholder="All types"
        clearable
        data={BENEFIT_TYPES.map((value) => ({ value, label: BENEFIT_TYPE_LABELS[value] }))}
        value={type}
        onChange={(value) => {
          setType(value);
          setPage(1);
        }}
        w={260}
      />
      <BillingListView
        query={benefits}
        loadingLabel="Loading benefits"
        renderError={(error) => <CatalogError error={error} title="Could not load benefits" />}
        emptyText="No benefits yet. A benefit is what customers get with a product: a license key, files, access…"
        caption="Benefits"
        columns={["Description", "Type", "Created", "Actions"]}
        minWidth={600}
        noun="Benefits"
        page={page}
        onPageChange={setPage}
        row={(benefit) => (
          <Table.Tr key={benefit.id}>
            <Table.Td>{benefit.description}</Table.Td>
            <Table.Td>
              <Badge variant="light">{BENEFIT_TYPE_LABELS[benefit.type] ?? benefit.type}</Badge>
            </Table.Td>
            <Table.Td>{formatDateTime(benefit.created_at)}</Table.Td>
            <Table.Td>
              <ManageOnly>
                <RowActions>
                  <RowButton label={`Edit ${benefit.description}`} onClick={() => setEditing(benefit)}>
                    Edit
                  </RowButton>
                  {benefit.deletable !== false && (
                    <RowButton label={`Delete ${benefit.description}`} danger onClick={() => setDeleting(benefit)}>
                      Delete
                    </RowButton>
                  )}
                </RowActions>
              </ManageOnly>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {editing && <BenefitFormModal key={editing.id} opened benefit={editing} onClose={() => setEditing(null)} />}
      <ConfirmActionModal
        opened={deleting !== null}
        title="Delete benefit"
        description={`Delete ${deleting?.description ?? "this benefit"}? Customers who have it lose it, and products no longer grant it.`}
        confirmLabel="Delete"
        errorTitle="Could not delete the benefit"
        onClose={() => setDeleting(null)}
        onConfirm={remove}
      />
    </Stack>
  );
}
