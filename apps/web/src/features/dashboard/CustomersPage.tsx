import { Button, Stack, Table, TextInput } from "@mantine/core";
import { useDebouncedValue, useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { AnchorLink } from "../../components/links";
import { formatDateTime } from "../../lib/format";
import { BillingListView } from "./BillingListView";
import type { Customer } from "./billing-types";
import { CreateCustomerModal } from "./CreateCustomerModal";
import { DashboardLayout } from "./DashboardLayout";
import { PAGE_SIZE, useBillingList } from "./dashboard.queries";

/** The organization's customers, searchable by email, name or external ID. */
export function CustomersPage() {
  const [creating, createModal] = useDisclosure(false);
  return (
    <DashboardLayout title="Customers" actions={<Button onClick={createModal.open}>Create customer</Button>}>
      <CustomerList />
      <CreateCustomerModal opened={creating} onClose={createModal.close} />
    </DashboardLayout>
  );
}

function CustomerList() {
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const customers = useBillingList<Customer>("customers", { query: query || undefined, page, limit: PAGE_SIZE });

  return (
    <Stack gap="sm">
      <TextInput
        label="Search customers"
        placeholder="Email, name or external ID"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      <BillingListView
        query={customers}
        loadingLabel="Loading customers"
        errorTitle="Could not load the customers"
        emptyText={query ? "No customer matches this search." : "No customers yet."}
        caption="Customers"
        columns={["Email", "Name", "External ID", "Created"]}
        minWidth={640}
        noun="Customers"
        page={page}
        onPageChange={setPage}
        row={(customer) => (
          <Table.Tr key={customer.id}>
            <Table.Td>
              <AnchorLink to="/dashboard/customers/$id" params={{ id: customer.id }}>
                {customer.email ?? customer.id}
              </AnchorLink>
            </Table.Td>
            <Table.Td>{customer.name ?? "—"}</Table.Td>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{customer.external_id ?? "—"}</Table.Td>
            <Table.Td>{formatDateTime(customer.created_at)}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
