import { Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useNavigate } from "@tanstack/react-router";
import { ModalActions } from "../../components/ModalActions";
import { billingApi } from "../../lib/billing-api";
import { emailField } from "../auth/validation";
import { useBillingSubmit } from "./billing-submit";
import type { Customer } from "./billing-types";

const blankToNull = (value: string) => (value.trim() ? value.trim() : null);

/** A new customer from the three things that identify one; the detail page takes the rest. */
export function CreateCustomerModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const form = useForm({ initialValues: { email: "", name: "", external_id: "" }, validate: { email: emailField } });
  const save = useBillingSubmit({ form, errorTitle: "Could not create the customer", refresh: ["customers"] });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    save.run(
      () =>
        billingApi<Customer>("/v1/customers/", {
          method: "POST",
          body: { email: values.email.trim(), name: blankToNull(values.name), external_id: blankToNull(values.external_id) },
        }),
      {
        onSaved: (customer) => {
          close();
          return navigate({ to: "/dashboard/customers/$id", params: { id: customer.id } });
        },
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={close} title="Create customer" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Email" type="email" required data-autofocus {...form.getInputProps("email")} />
          <TextInput label="Name" {...form.getInputProps("name")} />
          <TextInput
            label="External ID"
            description="Your own system's ID for this customer; it cannot change once set."
            {...form.getInputProps("external_id")}
          />
          <ModalActions confirmLabel="Create customer" loading={save.busy} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
