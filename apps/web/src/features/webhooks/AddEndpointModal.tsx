import { Modal, Stack } from "@mantine/core";
import { ModalActions } from "../../components/ModalActions";
import { useBillingSubmit } from "../dashboard/billing-submit";
import { EndpointFields, endpointBody, useEndpointForm } from "./endpoint-form";
import type { WebhookEndpoint } from "./webhook-types";
import { createEndpoint, WEBHOOKS } from "./webhooks.queries";

interface AddEndpointModalProps {
  opened: boolean;
  onClose: () => void;
  /** With the created endpoint, whose `secret` is in full this once. */
  onCreated: (endpoint: WebhookEndpoint) => void;
}

export function AddEndpointModal({ opened, onClose, onCreated }: AddEndpointModalProps) {
  const form = useEndpointForm();
  const save = useBillingSubmit({ form, errorTitle: "Could not add the endpoint", refresh: [WEBHOOKS] });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    save.run(() => createEndpoint(endpointBody(values)), {
      onSaved: (endpoint) => {
        form.reset();
        onCreated(endpoint);
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Add endpoint" centered size="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EndpointFields form={form} />
          <ModalActions confirmLabel="Add endpoint" loading={save.busy} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
