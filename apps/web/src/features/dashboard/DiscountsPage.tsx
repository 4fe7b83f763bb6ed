import { Badge, Button, Table } from "@mantine/core";
import { useState } from "react";
import { ConfirmActionModal } from "../../components/ConfirmActionModal";
import { RowActions, RowButton } from "../../components/RowActions";
import { deleteBillingObject } from "../../lib/billing-api";
import { formatDateTime } from "../../lib/format";
import { formatMoney } from "../../lib/money";
import { notifySuccess } from "../../lib/notify";
import { BillingListView } from "./BillingListView";
import { ManageOnly } from "./billing-access";
import type { Discount } from "./billing-types";
import { DashboardLayout } from "./DashboardLayout";
import { DiscountFormModal } from "./DiscountFormModal";
import { PAGE_SIZE, useBillingList, useInvalidateBilling } from "./dashboard.queries";

function describeDiscount(discount: Discount): string {
  const off =
    discount.type === "percentage"
      ? `${(discount.basis_points ?? 0) / 100}% off`
      : `${formatMoney(discount.amount ?? 0, discount.currency ?? "usd")} off`;
  const duration = discount.duration === "repeating" ? `for ${discount.duration_in_months} months` : discount.duration;
  return `${off}, ${duration}`;
}

/** Discounts: codes customers type at checkout, or reductions a checkout link applies. */
export function DiscountsPage() {
  const [editing, setEditing] = useState<Discount | "new" | null>(null);
  const [deleting, setDeleting] = useState<Discount | null>(null);
  const [page, setPage] = useState(1);
  const discounts = useBillingList<Discount>("discounts", { page, limit: PAGE_SIZE });
  const refresh = useInvalidateBilling("discounts");

  const deleteDiscount = async () => {
    if (!deleting) return null;
    return deleteBillingObject(`/v1/discounts/${deleting.id}`, () => {
      notifySuccess(`"${deleting.name}" is deleted.`);
      void refresh();
    });
  };

  return (
    <DashboardLayout title="Discounts" actions={<Button onClick={() => setEditing("new")}>Create discount</Button>}>
      <BillingListView
        query={discounts}
        loadingLabel="Loading discounts"
        errorTitle="Could not load the discounts"
        emptyText="No discounts yet."
        caption="Discounts"
        columns={["Name", "Code", "Discount", "Redemptions", "Valid", "Products", "Actions"]}
        minWidth={900}
        noun="Discounts"
        page={page}
        onPageChange={setPage}
        row={(discount) => (
          <Table.Tr key={discount.id}>
            <Table.Td>{discount.name}</Table.Td>
            <Table.Td>{discount.code ? <Badge variant="outline">{discount.code}</Badge> : "—"}</Table.Td>
            <Table.Td>{describeDiscount(discount)}</Table.Td>
            <Table.Td>
              {discount.redemptions_count}
              {discount.max_redemptions !== null && ` / ${discount.max_redemptions}`}
            </Table.Td>
            <Table.Td>
              {discount.starts_at || discount.ends_at
                ? `${formatDateTime(discount.starts_at)} → ${formatDateTime(discount.ends_at)}`
                : "Always"}
            </Table.Td>
            <Table.Td>{discount.products.length ? discount.products.map((product) => product.name).join(", ") : "All"}</Table.Td>
            <Table.Td>
              <ManageOnly>
                <RowActions>
                  <RowButton label={`Edit discount ${discount.name}`} variant="default" onClick={() => setEditing(discount)}>
                    Edit
                  </RowButton>
                  <RowButton label={`Delete discount ${discount.name}`} danger onClick={() => setDeleting(discount)}>
                    Delete
                  </RowButton>
                </RowActions>
              </ManageOnly>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {editing && (
        <DiscountFormModal
          key={editing === "new" ? "new" : editing.id}
          discount={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmActionModal
        opened={deleting !== null}
        title="Delete discount"
        description={`"${deleting?.name ?? ""}" will no longer apply to new checkouts. Subscriptions that already have it keep it.`}
        confirmLabel="Delete discount"
        errorTitle="Could not delete the discount"
        onClose={() => setDeleting(null)}
        onConfirm={deleteDiscount}
      />
    </DashboardLayout>
  );
}
