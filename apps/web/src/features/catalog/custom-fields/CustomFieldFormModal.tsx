import { Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { ModalActions } from "../../../components/ModalActions";
import { billingApi } from "../../../lib/billing-api";
import { useBillingSubmit } from "../../dashboard/billing-submit";
import { CUSTOM_FIELD_TYPES, type CustomField, type CustomFieldType } from "../catalog.api";
import { dateFromUnixSeconds, unixSecondsFromDate } from "./date-bounds";

const TYPE_LABELS: Record<CustomFieldType, string> = {
  text: "Text",
  number: "Number",
  date: "Date",
  checkbox: "Checkbox",
  select: "Select",
};

function initialValues(field?: CustomField) {
  const p = field?.properties ?? {};
  const num = (value: unknown) => (typeof value === "number" ? value : "");
  const isDate = field?.type === "date";
  return {
    type: (field?.type ?? "text") as CustomFieldType,
    name: field?.name ?? "",
    slug: field?.slug ?? "",
    form_label: p.form_label ?? "",
    form_help_text: p.form_help_text ?? "",
    form_placeholder: p.form_placeholder ?? "",
    textarea: p.textarea === true,
    min_length: num(p.min_length) as number | string,
    max_length: num(p.max_length) as number | string,
    ge: (isDate ? "" : num(p.ge)) as number | string,
    le: (isDate ? "" : num(p.le)) as number | string,
    // For date fields Polar's ge/le are Unix seconds; the form edits them as calendar dates.
    earliest: isDate ? dateFromUnixSeconds(p.ge) : "",
    latest: isDate ? dateFromUnixSeconds(p.le) : "",
    options: p.options ?? [{ value: "", label: "" }],
  };
}
type Values = ReturnType<typeof initialValues>;

function properties(values: Values): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  // Polar's properties omit unset keys rather than sending null.
  const put = (key: string, value: string | number | boolean) => {
    if (value !== "") props[key] = typeof value === "string" ? value.trim() : value;
  };
  put("form_label", values.form_label);
  put("form_help_text", values.form_help_text);
  put("form_placeholder", values.form_placeholder);
  if (values.type === "text") {
    props.textarea = values.textarea;
    put("min_length", values.min_length);
    put("max_length", values.max_length);
  }
  if (values.type === "number") {
    put("ge", values.ge);
    put("le", values.le);
  }
  if (values.type === "date") {
    const earliest = unixSecondsFromDate(values.earliest);
    const latest = unixSecondsFromDate(values.latest);
    if (earliest !== null) props.ge = earliest;
    if (latest !== null) props.le = latest;
  }
  if (values.type === "select")
    props.options = values.options.map((option) => ({ value: option.value.trim(), label: option.label.trim() }));
  return props;
}

/** Creates a custom field of any of the five types, or edits one. */
export function CustomFieldFormModal({ field, onClose }: { field?: CustomField; onClose: () => void }) {
  const form = useForm({
    initialValues: initialValues(field),
    validate: {
      name: (value) => (value.trim() ? null : "Name is required"),
      slug: (value) => (/^[a-z0-9_-]+$/.test(value.trim()) ? null : "Lowercase letters, digits, - and _ only"),
      options: (options, values) =>
        values.type === "select" && options.some((option) => !option.value.trim() || !option.label.trim())
          ? "Every option needs a value and a label"
          : null,
      latest: (value, values) =>
        values.type === "date" && value && values.earliest && value < values.earliest
          ? "The latest date must not be before the earliest"
          : null,
    },
  });
  const type = form.values.type;
  // Polar reports the bounds as properties.ge / properties.le; on a date field they are the date inputs.
  const save = useBillingSubmit({
    form,
    errorTitle: "Could not save the custom field",
    refresh: ["custom-fields"],
    fieldNames: type === "date" ? { ge: "earliest", le: "latest" } : {},
  });

  const submit = form.onSubmit((values) => {
    const body = { type: values.type, name: values.name.trim(), slug: values.slug.trim(), properties: properties(values) };
    return save.run(
      () =>
        field
          ? billingApi<CustomField>(`/v1/custom-fields/${field.id}`, { method: "PATCH", body })
          : billingApi<CustomField>("/v1/custom-fields/", { method: "POST", body }),
      { success: field ? "The custom field was saved." : "The custom field was created.", onSaved: onClose },
    );
  });

  return (
    <Modal opened onClose={onClose} title={field ? "Edit custom field" : "Create custom field"} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="Type"
            allowDeselect={false}
            disabled={Boolean(field)}
            data={CUSTOM_FIELD_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
            {...form.getInputProps("type")}
          />
          <TextInput label="Name" required data-autofocus {...form.getInputProps("name")} />
          <TextInput label="Slug" description="The key of the value in checkout and order data" required {...form.getInputProps("slug")} />
          <TextInput label="Form label" {...form.getInputProps("form_label")} />
          <TextInput label="Help text" {...form.getInputProps("form_help_text")} />
          <TextInput label="Placeholder" {...form.getInputProps("form_placeholder")} />
          {type === "text" && (
            <>
              <Checkbox label="Multi-line (textarea)" {...form.getInputProps("textarea", { type: "checkbox" })} />
              <Group grow>
                <NumberInput label="Minimum length" min={0} allowDecimal={false} {...form.getInputProps("min_length")} />
                <NumberInput label="Maximum length" min={0} allowDecimal={false} {...form.getInputProps("max_length")} />
              </Group>
            </>
          )}
          {type === "number" && (
            <Group grow>
              <NumberInput label="Minimum value" allowDecimal={false} {...form.getInputProps("ge")} />
              <NumberInput label="Maximum value" allowDecimal={false} {...form.getInputProps("le")} />
            </Group>
          )}
          {type === "date" && (
            <Group grow align="flex-start">
              <TextInput label="Earliest date" type="date" {...form.getInputProps("earliest")} />
              <TextInput label="Latest date" type="date" {...form.getInputProps("latest")} />
            </Group>
          )}
          {type === "select" && (
            <Stack gap="xs">
              {form.values.options.map((_option, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options have no identity before they are saved
                <Group key={index} align="flex-end">
                  <TextInput label={`Option ${index + 1} value`} {...form.getInputProps(`options.${index}.value`)} />
                  <TextInput label={`Option ${index + 1} label`} {...form.getInputProps(`options.${index}.label`)} />
                  <Button
                    variant="subtle"
                    color="red"
                    aria-label={`Remove option ${index + 1}`}
                    onClick={() => form.removeListItem("options", index)}
                  >
                    Remove
                  </Button>
                </Group>
              ))}
              {form.errors.options && (
                <Text size="sm" c="red">
                  {form.errors.options}
                </Text>
              )}
              <Group>
                <Button variant="light" onClick={() => form.insertListItem("options", { value: "", label: "" })}>
                  Add option
                </Button>
              </Group>
            </Stack>
          )}
          <ModalActions confirmLabel={field ? "Save" : "Create custom field"} loading={save.busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
