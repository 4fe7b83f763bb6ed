import { Badge, Button, CopyButton, Table } from "@mantine/core";
import { useState } from "react";
import { ConfirmActionModal } from "../../components/ConfirmActionModal";
import { RowActions, RowButton } from "../../components/RowActions";
import { deleteBillingObject } from "../../lib/billing-api";
import { notifySuccess } from "../../lib/notify";
import { BillingListView } from "./BillingListView";
import { ManageOnly } from "./billing-access";
import type { CheckoutLink } from "./billing-types";
import { CheckoutLinkFormModal } from "./CheckoutLinkFormModal";
import { DashboardLayout } from "./DashboardLayout";
import { PAGE_SIZE, useBillingList, useInvalidateBilling } from "./dashboard.queries";

const linkName = (link: CheckoutLink) => link.label ?? link.products.map((product) => product.name).join(", ");

/** Checkout links: shareable URLs that open a checkout for chosen products. */
export function CheckoutLinksPage() {
  const [editing, setEditing] = useState<CheckoutLink | "new" | null>(null);
  const [deleting, setDeleting] = useState<CheckoutLink | null>(null);
  const [page, setPage] = useState(1);
  const links = useBillingList<CheckoutLink>("checkout-links", { page, limit: PAGE_SIZE });
  const refresh = useInvalidateBilling("checkout-links");

  const deleteLink = async () => {
    if (!deleting) return null;
    return deleteBillingObject(`/v1/checkout-links/${deleting.id}`, () => {
      notifySuccess("The checkout link no longer works.");
      void refresh();
    });
  };

  return (
    <DashboardLayout title="Checkout links" actions={<Button onClick={() => setEditing("new")}>Create checkout link</Button>}>
      <BillingListView
        query={links}
        loadingLabel="Loading checkout links"
        errorTitle="Could not load the checkout links"
        emptyText="No checkout links yet."
        caption="Checkout links"
        columns={["Label", "Products", "Discount", "Options", "Actions"]}
        minWidth={860}
        noun="Links"
        page={page}
        onPageChange={setPage}
        row={(link) => (
          <Table.Tr key={link.id}>
            <Table.Td>{link.label ?? "—"}</Table.Td>
            <Table.Td>{link.products.map((product) => product.name).join(", ")}</Table.Td>
            <Table.Td>{link.discount?.name ?? "—"}</Table.Td>
            <Table.Td>
              {link.allow_discount_codes && <Badge variant="light">Codes allowed</Badge>}{" "}
              {link.require_billing_address && <Badge variant="light">Billing address</Badge>}
            </Table.Td>
            <Table.Td>
              <RowActions>
                <CopyButton value={link.url}>
                  {({ copied, copy }) => (
                    <Button
                      size="xs"
                      variant="light"
                      color={copied ? "green" : undefined}
                      aria-label={`Copy URL of ${linkName(link)}`}
                      onClick={copy}
                    >
                      {copied ? "Copied" : "Copy URL"}
                    </Button>
                  )}
                </CopyButton>
                <ManageOnly>
                  <RowButton label={`Edit checkout link ${linkName(link)}`} variant="default" onClick={() => setEditing(link)}>
                    Edit
                  </RowButton>
                  <RowButton label={`Delete checkout link ${linkName(link)}`} danger onClick={() => setDeleting(link)}>
                    Delete
                  </RowButton>
                </ManageOnly>
              </RowActions>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {editing && (
        <CheckoutLinkFormModal
          key={editing === "new" ? "new" : editing.id}
          link={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmActionModal
        opened={deleting !== null}
        title="Delete checkout link"
        description="Anyone opening this link will get an error page. This cannot be undone."
        confirmLabel="Delete checkout link"
        errorTitle="Could not delete the checkout link"
        onClose={() => setDeleting(null)}
        onConfirm={deleteLink}
      />
    </DashboardLayout>
  );
}
