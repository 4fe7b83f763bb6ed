import { NativeSelect, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { EventTypePicker } from "./EventTypePicker";
import { WEBHOOK_FORMATS, type WebhookEndpoint, type WebhookFormat } from "./webhook-types";

// The fields of an endpoint, shared by the "Add endpoint" dialog and the endpoint's page.

export interface EndpointFormValues {
  url: string;
  name: string;
  format: WebhookFormat;
  events: string[];
}

const urlField = (value: string) => {
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? null : "Enter an http(s) URL";
  } catch {
    return "Enter the full URL, e.g. https://example.com/webhooks";
  }
};

export function useEndpointForm(endpoint?: WebhookEndpoint) {
  return useForm<EndpointFormValues>({
    initialValues: {
      url: endpoint?.url ?? "",
      name: endpoint?.name ?? "",
      format: endpoint?.format ?? "raw",
      events: endpoint?.events ?? [],
    },
    validate: {
      url: urlField,
      events: (value) => (value.length ? null : "Choose at least one event type"),
    },
  });
}

/** What the API takes: trimmed, an empty name as none. */
export const endpointBody = (values: EndpointFormValues) => ({
  url: values.url.trim(),
  name: values.name.trim() || null,
  format: values.format,
  events: values.events,
});

export function EndpointFields({ form }: { form: ReturnType<typeof useEndpointForm> }) {
  return (
    <Stack gap="sm">
      <TextInput
        label="URL"
        description="Where Gatehouse POSTs each event."
        placeholder="https://example.com/webhooks/gatehouse"
        required
        maxLength={2083}
        data-autofocus
        {...form.getInputProps("url")}
      />
      <TextInput label="Name" description="Optional; helps you tell endpoints apart." maxLength={255} {...form.getInputProps("name")} />
      <NativeSelect
        label="Format"
        description="Raw is the signed Polar payload your application verifies; Discord and Slack post a readable message."
        data={WEBHOOK_FORMATS.map((format) => ({ value: format.value, label: format.label }))}
        {...form.getInputProps("format")}
      />
      <EventTypePicker
        value={form.values.events}
        onChange={(value) => form.setFieldValue("events", value)}
        error={form.errors.events as string | undefined}
      />
    </Stack>
  );
}
