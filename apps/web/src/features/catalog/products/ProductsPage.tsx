import { Badge, Group, Select, Stack, Table, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { AnchorLink, ButtonLink } from "../../../components/links";
import { formatDateTime } from "../../../lib/format";
import { BillingListView } from "../../dashboard/BillingListView";
import { DashboardLayout } from "../../dashboard/DashboardLayout";
import { PAGE_SIZE, useBillingList } from "../../dashboard/dashboard.queries";
import { CatalogError } from "../CatalogError";
import type { Product } from "../catalog.api";
import { describePrice, intervalLabel } from "./price-text";

type Status = "active" | "archived" | "all";

export function ProductsPage() {
  return (
    <DashboardLayout
      title="Products"
      actions={
        <ButtonLink to="/dashboard/products/$id" params={{ id: "new" }}>
          New product
        </ButtonLink>
      }
    >
      <ProductList />
    </DashboardLayout>
  );
}

function ProductList() {
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<Status>("active");
  const [page, setPage] = useState(1);
  const products = useBillingList<Product>("products", {
    query,
    is_archived: status === "all" ? undefined : status === "archived",
    page,
    limit: PAGE_SIZE,
    sorting: "-created_at",
  });

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <TextInput
          label="Search products"
          placeholder="Name or description"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1 }}
        />
        <Select
          label="Status"
          allowDeselect={false}
          data={[
            { value: "active", label: "Active" },
            { value: "archived", label: "Archived" },
            { value: "all", label: "All" },
          ]}
          value={status}
          onChange={(value) => {
            setStatus((value as Status | null) ?? "active");
            setPage(1);
          }}
          w={160}
        />
      </Group>
      <BillingListView
        query={products}
        loadingLabel="Loading products"
        renderError={(error) => <CatalogError error={error} title="Could not load products" />}
        emptyText={query || status !== "active" ? "No products match." : "No products yet. Create your first one."}
        caption="Products"
        columns={["Product", "Billing", "Prices", "Benefits", "Created"]}
        minWidth={640}
        noun="Products"
        page={page}
        onPageChange={setPage}
        row={(product) => (
          <Table.Tr key={product.id}>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <AnchorLink to="/dashboard/products/$id" params={{ id: product.id }}>
                  {product.name}
                </AnchorLink>
                {product.is_archived && <Badge color="gray">Archived</Badge>}
              </Group>
            </Table.Td>
            <Table.Td>{intervalLabel(product.recurring_interval, product.recurring_interval_count)}</Table.Td>
            <Table.Td>
              {product.prices
                .filter((price) => !price.is_archived)
                .map((price) => describePrice(price, product.recurring_interval))
                .join(", ") || "—"}
            </Table.Td>
            <Table.Td>{product.benefits.length}</Table.Td>
            <Table.Td>{formatDateTime(product.created_at)}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
