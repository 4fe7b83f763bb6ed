import { Button, Fieldset, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { billingApi } from "../../lib/billing-api";
import { emailField } from "../auth/validation";
import { ManagedFieldset, ManageOnly } from "./billing-access";
import { useBillingSubmit } from "./billing-submit";
import type { Customer } from "./billing-types";
import { MetadataEditor, metadataFromRows, metadataRows } from "./MetadataEditor";

const ADDRESS_KEYS = ["line1", "line2", "postal_code", "city", "state", "country"] as const;
const blankToNull = (value: string) => (value.trim() ? value.trim() : null);

function initialValues(customer: Customer) {
  const address = customer.billing_address;
  return {
    email: customer.email ?? "",
    name: customer.name ?? "",
    external_id: customer.external_id ?? "",
    line1: address?.line1 ?? "",
    line2: address?.line2 ?? "",
    postal_code: address?.postal_code ?? "",
    city: address?.city ?? "",
    state: address?.state ?? "",
    country: address?.country ?? "",
    tax_id: customer.tax_id?.[0] ?? "",
    metadata: metadataRows(customer.metadata),
  };
}
type Values = ReturnType<typeof initialValues>;

/** The body of PATCH /v1/customers/{id}: the address is all or nothing (a country is what makes one). */
function updateBody(values: Values, customer: Customer) {
  const hasAddress = ADDRESS_KEYS.some((key) => values[key].trim());
  return {
    email: values.email.trim(),
    name: blankToNull(values.name),
    // Polar refuses to change an external ID once set; send it only while it is still free.
    ...(customer.external_id ? {} : { external_id: blankToNull(values.external_id) }),
    billing_address: hasAddress
      ? {
          line1: blankToNull(values.line1),
          line2: blankToNull(values.line2),
          postal_code: blankToNull(values.postal_code),
          city: blankToNull(values.city),
          state: blankToNull(values.state),
          country: values.country.trim().toUpperCase(),
        }
      : null,
    tax_id: blankToNull(values.tax_id),
    metadata: metadataFromRows(values.metadata),
  };
}

/** Edits one customer; render keyed by the customer's modified_at so a save restarts it from the answer. */
export function CustomerForm({ customer, onSaved }: { customer: Customer; onSaved: (customer: Customer) => void }) {
  const form = useForm({
    initialValues: initialValues(customer),
    validate: {
      email: emailField,
      country: (value: string, values: Values) =>
        ADDRESS_KEYS.some((key) => values[key].trim()) && !/^[A-Za-z]{2}$/.test(value.trim())
          ? "A billing address needs a two-letter country code"
          : null,
    },
  });

  const save = useBillingSubmit({ form, errorTitle: "Could not save the customer", refresh: ["customers"] });

  const submit = form.onSubmit((values) =>
    save.run(() => billingApi<Customer>(`/v1/customers/${customer.id}`, { method: "PATCH", body: updateBody(values, customer) }), {
      success: "The customer is saved.",
      onSaved: onSaved,
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <ManagedFieldset>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Email" type="email" required {...form.getInputProps("email")} />
              <TextInput label="Name" {...form.getInputProps("name")} />
              <TextInput
                label="External ID"
                readOnly={customer.external_id !== null}
                description={
                  customer.external_id !== null ? "Set once; it cannot change." : "Your own system's ID; it cannot change once set."
                }
                {...form.getInputProps("external_id")}
              />
              <TextInput label="Tax ID" description="A VAT or other tax number, e.g. FR61954506077." {...form.getInputProps("tax_id")} />
            </SimpleGrid>
            <Fieldset legend="Billing address">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Address line 1" {...form.getInputProps("line1")} />
                <TextInput label="Address line 2" {...form.getInputProps("line2")} />
                <TextInput label="Postal code" {...form.getInputProps("postal_code")} />
                <TextInput label="City" {...form.getInputProps("city")} />
                <TextInput label="State or region" {...form.getInputProps("state")} />
                <TextInput label="Country" description="Two-letter code, e.g. FR" maxLength={2} {...form.getInputProps("country")} />
              </SimpleGrid>
            </Fieldset>
            <MetadataEditor value={form.values.metadata} onChange={(rows) => form.setFieldValue("metadata", rows)} />
          </Stack>
        </ManagedFieldset>
        <ManageOnly>
          <Group justify="flex-end">
            <Button type="submit" loading={save.busy}>
              Save customer
            </Button>
          </Group>
        </ManageOnly>
      </Stack>
    </form>
  );
}
