import { Button, Group, Stack, Title } from "@mantine/core";
import { ManagedFieldset, ManageOnly } from "../dashboard/billing-access";
import { useBillingSubmit } from "../dashboard/billing-submit";
import { EndpointFields, endpointBody, useEndpointForm } from "./endpoint-form";
import type { WebhookEndpoint } from "./webhook-types";
import { updateEndpoint, WEBHOOKS } from "./webhooks.queries";

interface EndpointSettingsFormProps {
  endpoint: WebhookEndpoint;
  onSaved: (endpoint: WebhookEndpoint) => void;
}

/** The endpoint's URL, name, format and events. Render keyed by the saved settings, so a save starts from what was saved. */
export function EndpointSettingsForm({ endpoint, onSaved }: EndpointSettingsFormProps) {
  const form = useEndpointForm(endpoint);
  const save = useBillingSubmit({ form, errorTitle: "Could not save the endpoint", refresh: [WEBHOOKS] });

  const submit = form.onSubmit((values) =>
    save.run(() => updateEndpoint(endpoint.id, endpointBody(values)), { success: "The endpoint is saved.", onSaved }),
  );

  return (
    <section aria-labelledby="endpoint-settings-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="endpoint-settings-title">
            Settings
          </Title>
          <ManagedFieldset>
            <EndpointFields form={form} />
          </ManagedFieldset>
          <ManageOnly>
            <Group justify="flex-end">
              <Button type="submit" loading={save.busy} disabled={!form.isDirty()}>
                Save endpoint
              </Button>
            </Group>
          </ManageOnly>
        </Stack>
      </form>
    </section>
  );
}
