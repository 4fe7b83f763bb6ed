import { Badge, Button, Stack, Table, Text, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { AnchorLink } from "../../components/links";
import { BillingListView } from "../dashboard/BillingListView";
import { DashboardLayout } from "../dashboard/DashboardLayout";
import { AddEndpointModal } from "./AddEndpointModal";
import { SecretShownOnceModal } from "./SecretShownOnceModal";
import type { WebhookEndpoint } from "./webhook-types";
import { useWebhookEndpoints } from "./webhooks.queries";

/** The organization's webhook endpoints: where Gatehouse tells applications what happened in billing. */
export function WebhooksPage() {
  const [adding, addModal] = useDisclosure(false);
  const [created, setCreated] = useState<WebhookEndpoint | null>(null);
  const navigate = useNavigate();

  // The secret leaves memory with the dialog; the new endpoint's page is where a test event is sent.
  const closeSecret = () => {
    const id = created?.id;
    setCreated(null);
    if (id) void navigate({ to: "/dashboard/webhooks/$id", params: { id } });
  };

  return (
    <DashboardLayout title="Webhooks" actions={<Button onClick={addModal.open}>Add endpoint</Button>}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Gatehouse POSTs each event your endpoints subscribe to, signed with the endpoint's secret (Standard Webhooks, as Polar does), and
          retries for about three days until the endpoint answers 2xx.
        </Text>
        <EndpointList />
      </Stack>
      <AddEndpointModal
        opened={adding}
        onClose={addModal.close}
        onCreated={(endpoint) => {
          addModal.close();
          setCreated(endpoint);
        }}
      />
      <SecretShownOnceModal
        secret={created?.secret ?? null}
        title="Copy the endpoint's signing secret"
        intro={`Give this secret to the application behind ${created?.url ?? "the endpoint"} so it can verify each webhook:`}
        onClose={closeSecret}
      />
    </DashboardLayout>
  );
}

function EndpointList() {
  const [page, setPage] = useState(1);
  const endpoints = useWebhookEndpoints(page);
  return (
    <BillingListView
      query={endpoints}
      loadingLabel="Loading webhook endpoints"
      errorTitle="Could not load the webhook endpoints"
      emptyText="No webhook endpoints yet. Add one to have Gatehouse tell your application about orders, subscriptions and customers."
      caption="Webhook endpoints"
      columns={["URL", "Name", "Events", "Format", "Status"]}
      minWidth={720}
      noun="Endpoints"
      page={page}
      onPageChange={setPage}
      row={(endpoint) => (
        <Table.Tr key={endpoint.id}>
          <Table.Td style={{ overflowWrap: "anywhere" }}>
            <AnchorLink to="/dashboard/webhooks/$id" params={{ id: endpoint.id }}>
              {endpoint.url}
            </AnchorLink>
          </Table.Td>
          <Table.Td>{endpoint.name ?? "—"}</Table.Td>
          <Table.Td>
            <Tooltip label={endpoint.events.join(", ") || "None"} multiline w={320}>
              <Badge variant="light">{endpoint.events.length === 1 ? "1 event" : `${endpoint.events.length} events`}</Badge>
            </Tooltip>
          </Table.Td>
          <Table.Td>{endpoint.format}</Table.Td>
          <Table.Td>
            <EndpointStatusBadge endpoint={endpoint} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

export function EndpointStatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  return endpoint.enabled ? (
    <Badge color="green" variant="light">
      Enabled
    </Badge>
  ) : (
    <Badge color="red" variant="light">
      Disabled
    </Badge>
  );
}
