import { Alert, Button, Stack, Text } from "@mantine/core";
import { ManageOnly } from "../dashboard/billing-access";
import type { WebhookEndpoint } from "./webhook-types";

/** Why deliveries stopped, in the merchant's words. */
function pausedBecause(endpoint: WebhookEndpoint): string {
  switch (endpoint.disabled_reason) {
    case "gone":
      return "Deliveries to this endpoint are paused because it answered 410 Gone, which tells Gatehouse the endpoint no longer exists.";
    case "failing":
      // The threshold (WEBHOOK_DISABLE_AFTER_FAILURES) is server configuration the API does not expose.
      return "Deliveries to this endpoint are paused after too many failed events in a row.";
    default:
      return "Deliveries to this endpoint are paused because it was disabled by a member.";
  }
}

interface EndpointDisabledBannerProps {
  endpoint: WebhookEndpoint;
  reenabling: boolean;
  onReenable: () => void;
}

/** Red and on top: a disabled endpoint silently misses events, so it must not go unnoticed. */
export function EndpointDisabledBanner({ endpoint, reenabling, onReenable }: EndpointDisabledBannerProps) {
  if (endpoint.enabled) return null;
  return (
    <Alert color="red" role="alert" title="This endpoint is disabled">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {pausedBecause(endpoint)}
          {endpoint.disabled_reason ? " The organization's owners and admins were emailed when it happened." : ""}
        </Text>
        <Text size="sm">
          New events for it are recorded as skipped. Once you re-enable it, Gatehouse sends the events still waiting, in order; use
          Redeliver below for any you want again.
        </Text>
        <ManageOnly>
          <Button color="red" size="xs" loading={reenabling} onClick={onReenable}>
            Re-enable
          </Button>
        </ManageOnly>
      </Stack>
    </Alert>
  );
}
