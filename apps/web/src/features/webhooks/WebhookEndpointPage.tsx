import { Button, Code, Group, Stack, Switch, Text, Tooltip } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmActionModal } from "../../components/ConfirmActionModal";
import { AnchorLink } from "../../components/links";
import { QueryView } from "../../components/QueryView";
import { billingAction } from "../../lib/billing-api";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useCanManageBilling } from "../dashboard/billing-access";
import { DashboardLayout } from "../dashboard/DashboardLayout";
import { useBillingKey, useInvalidateBilling } from "../dashboard/dashboard.queries";
import { DeliveriesSection } from "./DeliveriesSection";
import { EndpointDisabledBanner } from "./EndpointDisabledBanner";
import { EndpointSettingsForm } from "./EndpointSettingsForm";
import { SecretShownOnceModal } from "./SecretShownOnceModal";
import { EndpointStatusBadge } from "./WebhooksPage";
import type { WebhookEndpoint } from "./webhook-types";
import { deleteEndpoint, rotateEndpointSecret, sendTestEvent, updateEndpoint, useWebhookEndpoint, WEBHOOKS } from "./webhooks.queries";

type Dialog = "rotate" | "delete" | null;

/**
 * The settings form starts over when the settings change (a save, another tab), not on every
 * modified_at: the worker bumps that on each failed attempt, and the page polls while you type.
 */
const settingsKey = (endpoint: WebhookEndpoint) => JSON.stringify([endpoint.url, endpoint.name, endpoint.format, endpoint.events]);

/** One webhook endpoint: whether it is receiving, its settings, its secret, and every delivery attempt. */
export function WebhookEndpointPage({ id }: { id: string }) {
  const endpointKey = useBillingKey(WEBHOOKS, "endpoint", id);
  const endpoint = useWebhookEndpoint(id);
  const queryClient = useQueryClient();
  const refresh = useInvalidateBilling(WEBHOOKS);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState<"test" | "enabled" | null>(null);
  const data = endpoint.data;

  const showSaved = (saved: WebhookEndpoint) => queryClient.setQueryData(endpointKey, saved);

  const setEnabled = async (enabled: boolean) => {
    setBusy("enabled");
    try {
      showSaved(await updateEndpoint(id, { enabled }));
      notifySuccess(
        enabled ? "Deliveries resume, starting with the events that waited." : "Nothing is sent to it until you enable it again.",
      );
      await refresh();
    } catch (failure) {
      notifyError(failure as Error, enabled ? "Could not enable the endpoint" : "Could not disable the endpoint");
    } finally {
      setBusy(null);
    }
  };

  const sendTest = async () => {
    setBusy("test");
    try {
      const event = await sendTestEvent(id);
      notifySuccess(`A signed ${event.type} event is on its way; its delivery appears below in a moment.`, "Test event queued");
      await refresh();
    } catch (failure) {
      notifyError(failure as Error, "Could not send a test event");
    } finally {
      setBusy(null);
    }
  };

  const rotate = () =>
    billingAction(
      async () => {
        const rotated = await rotateEndpointSecret(id);
        setNewSecret(rotated.secret);
        showSaved({ ...rotated, secret: "[redacted]" });
      },
      () => undefined,
    );

  const remove = () =>
    billingAction(
      () => deleteEndpoint(id),
      async () => {
        notifySuccess("Nothing more is sent to it.", "Endpoint deleted");
        void refresh();
        await navigate({ to: "/dashboard/webhooks" });
      },
    );

  return (
    <DashboardLayout
      title={data ? (data.name ?? "Webhook endpoint") : "Webhook endpoint"}
      actions={
        data && (
          <>
            <Tooltip label="Enable the endpoint to send it a test event" disabled={data.enabled}>
              <Button loading={busy === "test"} disabled={!data.enabled} onClick={() => void sendTest()}>
                Send test event
              </Button>
            </Tooltip>
            <Button variant="default" onClick={() => setDialog("rotate")}>
              Rotate secret
            </Button>
            <Button color="red" variant="light" onClick={() => setDialog("delete")}>
              Delete endpoint
            </Button>
          </>
        )
      }
    >
      <Stack gap="lg">
        <AnchorLink to="/dashboard/webhooks" size="sm">
          ← All endpoints
        </AnchorLink>
        <QueryView query={endpoint} loadingLabel="Loading the endpoint" errorTitle="Could not load the endpoint">
          {(loaded) => (
            <Stack gap="lg">
              <EndpointDisabledBanner endpoint={loaded} reenabling={busy === "enabled"} onReenable={() => void setEnabled(true)} />
              <EndpointSummary endpoint={loaded} toggling={busy === "enabled"} onToggle={(enabled) => void setEnabled(enabled)} />
              <EndpointSettingsForm key={settingsKey(loaded)} endpoint={loaded} onSaved={showSaved} />
              <DeliveriesSection endpointId={loaded.id} />
            </Stack>
          )}
        </QueryView>
      </Stack>
      <ConfirmActionModal
        opened={dialog === "rotate"}
        title="Rotate signing secret"
        description="Gatehouse makes a new secret and signs every webhook with both secrets: the old one keeps working for 24 hours, so you can give the new one to your application without rejecting a single event."
        confirmLabel="Rotate secret"
        color="blue"
        errorTitle="Could not rotate the secret"
        onClose={() => setDialog(null)}
        onConfirm={rotate}
      />
      <ConfirmActionModal
        opened={dialog === "delete"}
        title="Delete endpoint"
        description="Nothing more is sent to it, and events still waiting for it are skipped. Its delivery log stays on record. This cannot be undone."
        confirmLabel="Delete endpoint"
        errorTitle="Could not delete the endpoint"
        onClose={() => setDialog(null)}
        onConfirm={remove}
      />
      <SecretShownOnceModal
        secret={newSecret}
        title="Copy the new signing secret"
        intro="Give this secret to your application; the old one stops working in 24 hours:"
        onClose={() => setNewSecret(null)}
      />
    </DashboardLayout>
  );
}

interface EndpointSummaryProps {
  endpoint: WebhookEndpoint;
  toggling: boolean;
  onToggle: (enabled: boolean) => void;
}

function EndpointSummary({ endpoint, toggling, onToggle }: EndpointSummaryProps) {
  const canManage = useCanManageBilling();
  return (
    <Stack gap={4}>
      <Group gap="sm">
        {canManage ? (
          <Switch
            label="Enabled"
            description="Whether Gatehouse sends this endpoint its events."
            checked={endpoint.enabled}
            disabled={toggling}
            onChange={(event) => onToggle(event.currentTarget.checked)}
          />
        ) : (
          <EndpointStatusBadge endpoint={endpoint} />
        )}
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        <Code>{endpoint.url}</Code> · ID <Code>{endpoint.id}</Code> · created {formatDateTime(endpoint.created_at)}
      </Text>
    </Stack>
  );
}
