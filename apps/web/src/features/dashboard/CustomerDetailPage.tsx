import { Button, Card, Code, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmActionModal } from "../../components/ConfirmActionModal";
import { AnchorLink } from "../../components/links";
import { QueryView } from "../../components/QueryView";
import { billingApi } from "../../lib/billing-api";
import { formatDateTime } from "../../lib/format";
import { notifySuccess } from "../../lib/notify";
import type { Customer, CustomerState } from "./billing-types";
import { CustomerForm } from "./CustomerForm";
import { DashboardLayout } from "./DashboardLayout";
import { useBillingKey, useInvalidateBilling } from "./dashboard.queries";

/** One customer: their details to edit, and what they hold right now (Polar's customer state). */
export function CustomerDetailPage({ id }: { id: string }) {
  const customerKey = useBillingKey("customers", "detail", id);
  const customer = useQuery({ queryKey: customerKey, queryFn: () => billingApi<Customer>(`/v1/customers/${id}`) });
  const queryClient = useQueryClient();
  const refreshCustomers = useInvalidateBilling("customers");
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  const deleteCustomer = async () => {
    try {
      await billingApi(`/v1/customers/${id}`, { method: "DELETE" });
    } catch (failure) {
      return failure as Error;
    }
    notifySuccess("The customer is deleted.");
    void refreshCustomers();
    await navigate({ to: "/dashboard/customers" });
    return null;
  };

  return (
    <DashboardLayout
      title={customer.data?.name ?? customer.data?.email ?? "Customer"}
      actions={
        <Button color="red" variant="light" onClick={() => setDeleting(true)}>
          Delete customer
        </Button>
      }
    >
      <Stack gap="lg">
        <AnchorLink to="/dashboard/customers" size="sm">
          ← All customers
        </AnchorLink>
        <QueryView query={customer} loadingLabel="Loading the customer" errorTitle="Could not load the customer">
          {(data) => (
            <Stack gap="lg">
              <Text size="sm" c="dimmed">
                ID <Code>{data.id}</Code> · created {formatDateTime(data.created_at)}
              </Text>
              <CustomerForm
                key={data.modified_at ?? data.created_at}
                customer={data}
                onSaved={(saved) => queryClient.setQueryData(customerKey, saved)}
              />
              <CustomerStatePanel id={data.id} />
            </Stack>
          )}
        </QueryView>
      </Stack>
      <ConfirmActionModal
        opened={deleting}
        title="Delete customer"
        description="The customer disappears from lists and the API. Their orders stay on record."
        confirmLabel="Delete customer"
        errorTitle="Could not delete the customer"
        onClose={() => setDeleting(false)}
        onConfirm={deleteCustomer}
      />
    </DashboardLayout>
  );
}

function CustomerStatePanel({ id }: { id: string }) {
  const state = useQuery({
    queryKey: useBillingKey("customers", "state", id),
    queryFn: () => billingApi<CustomerState>(`/v1/customers/${id}/state`),
  });
  return (
    <section aria-labelledby="customer-state-title">
      <Title order={2} size="h3" id="customer-state-title" mb="sm">
        Customer state
      </Title>
      <QueryView query={state} loadingLabel="Loading the customer state" errorTitle="Could not load the customer state">
        {(data) => (
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <StateCard
              title="Active subscriptions"
              items={data.active_subscriptions}
              empty="No active subscriptions."
              describe={describeSubscription}
            />
            <StateCard title="Granted benefits" items={data.granted_benefits} empty="No granted benefits." describe={describeGrant} />
            <StateCard title="Active meters" items={data.active_meters} empty="No active meters." describe={describeMeter} />
          </SimpleGrid>
        )}
      </QueryView>
    </section>
  );
}

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");
const describeSubscription = (item: Record<string, unknown>) => `${text(item.status) || "active"} · ${text(item.product_id)}`;
const describeGrant = (item: Record<string, unknown>) => `${text(item.benefit_type)} · ${text(item.benefit_id)}`;
const describeMeter = (item: Record<string, unknown>) => `${text(item.meter_id)} · ${text(item.balance)} left`;

function StateCard({
  title,
  items,
  empty,
  describe,
}: {
  title: string;
  items: Record<string, unknown>[];
  empty: string;
  describe: (item: Record<string, unknown>) => string;
}) {
  return (
    <Card withBorder padding="md">
      <Text fw={600} mb="xs">
        {title}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={4}>
          {items.map((item, index) => (
            <Group key={text(item.id) || index} gap="xs">
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {describe(item)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
