import { Badge, Code, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Fragment, useState } from "react";
import { RowActions, RowButton } from "../../components/RowActions";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { BillingListView } from "../dashboard/BillingListView";
import { useCanManageBilling } from "../dashboard/billing-access";
import { useInvalidateBilling } from "../dashboard/dashboard.queries";
import type { WebhookDelivery } from "./webhook-types";
import { redeliverEvent, useWebhookDeliveries, WEBHOOKS } from "./webhooks.queries";

const OUTCOMES = [
  { value: "all", label: "All" },
  { value: "succeeded", label: "Succeeded" },
  { value: "failed", label: "Failed" },
];

const succeededFilter = (outcome: string) => (outcome === "all" ? undefined : outcome === "succeeded");

/** Every attempt to send this endpoint an event, newest first: what a merchant reads when an application says it missed one. */
export function DeliveriesSection({ endpointId }: { endpointId: string }) {
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState("all");
  const [expanded, setExpanded] = useState<string | null>(null);
  const deliveries = useWebhookDeliveries(endpointId, page, succeededFilter(outcome));
  const canManage = useCanManageBilling();

  return (
    <section aria-labelledby="deliveries-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="deliveries-title">
            Deliveries
          </Title>
          <SegmentedControl
            aria-label="Show deliveries"
            data={OUTCOMES}
            value={outcome}
            onChange={(value) => {
              setOutcome(value);
              setPage(1);
            }}
          />
        </Group>
        <BillingListView
          query={deliveries}
          loadingLabel="Loading deliveries"
          errorTitle="Could not load the deliveries"
          emptyText={
            outcome === "all" ? "Nothing was sent to this endpoint yet. Send a test event to try it." : `No ${outcome} deliveries.`
          }
          caption="Delivery attempts"
          columns={["Time", "Event", "Result", "HTTP", "Duration", "Actions"]}
          minWidth={760}
          noun="Attempts"
          page={page}
          onPageChange={setPage}
          row={(delivery) => (
            <DeliveryRows
              key={delivery.id}
              delivery={delivery}
              expanded={expanded === delivery.id}
              onToggle={() => setExpanded(expanded === delivery.id ? null : delivery.id)}
              canManage={canManage}
            />
          )}
        />
      </Stack>
    </section>
  );
}

interface DeliveryRowsProps {
  delivery: WebhookDelivery;
  expanded: boolean;
  onToggle: () => void;
  canManage: boolean;
}

function DeliveryRows({ delivery, expanded, onToggle, canManage }: DeliveryRowsProps) {
  const event = delivery.webhook_event;
  const refresh = useInvalidateBilling(WEBHOOKS);
  const [redelivering, setRedelivering] = useState(false);
  const detailsId = `delivery-${delivery.id}`;

  const redeliver = async () => {
    setRedelivering(true);
    try {
      await redeliverEvent(event.id);
      notifySuccess(`The ${event.type} event is queued again, with the same webhook-id.`, "Redelivery scheduled");
      await refresh();
    } catch (failure) {
      notifyError(failure as Error, "Could not redeliver the event");
    } finally {
      setRedelivering(false);
    }
  };

  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>{formatDateTime(delivery.created_at)}</Table.Td>
        <Table.Td>
          <Code>{event.type}</Code>
        </Table.Td>
        <Table.Td>
          <Badge color={delivery.succeeded ? "green" : "red"} variant="light">
            {delivery.succeeded ? "Succeeded" : "Failed"}
          </Badge>
        </Table.Td>
        <Table.Td>{delivery.http_code ?? "No answer"}</Table.Td>
        <Table.Td>{delivery.duration_ms === undefined ? "—" : `${delivery.duration_ms} ms`}</Table.Td>
        <Table.Td>
          <RowActions>
            <RowButton label={`${expanded ? "Hide" : "Show"} details of the ${event.type} attempt`} variant="default" onClick={onToggle}>
              {expanded ? "Hide" : "Details"}
            </RowButton>
            {canManage && (
              <RowButton label={`Redeliver the ${event.type} event`} loading={redelivering} onClick={() => void redeliver()}>
                Redeliver
              </RowButton>
            )}
          </RowActions>
        </Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr id={detailsId}>
          <Table.Td colSpan={6}>
            <DeliveryDetails delivery={delivery} />
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}

/** Pretty-printed when it is JSON (the raw format always is), as sent otherwise. */
function readable(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

function DeliveryDetails({ delivery }: { delivery: WebhookDelivery }) {
  const event = delivery.webhook_event;
  return (
    <Stack gap="xs" aria-label={`Details of the ${event.type} attempt`} role="region">
      <Text size="sm">
        Event <Code>{event.id}</Code> (its <Code>webhook-id</Code> header)
        {event.skipped ? " · skipped: the endpoint was disabled or deleted while it waited" : ""}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <div>
          <Text size="sm" fw={600}>
            Response
          </Text>
          <Code block data-testid="delivery-response" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", maxHeight: 240 }}>
            {delivery.response || "(empty)"}
          </Code>
        </div>
        <div>
          <Text size="sm" fw={600}>
            Payload
          </Text>
          {event.payload === null ? (
            <Text size="sm" c="dimmed">
              Archived: payloads are kept for a limited time (90 days by default), then purged.
            </Text>
          ) : (
            <Code block data-testid="delivery-payload" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", maxHeight: 320 }}>
              {readable(event.payload)}
            </Code>
          )}
        </div>
      </SimpleGrid>
    </Stack>
  );
}
