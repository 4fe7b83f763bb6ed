import { Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ModalActions } from "../../components/ModalActions";
import { BillingApiError, billingApi } from "../../lib/billing-api";
import { emailField } from "../auth/validation";
import type { Customer } from "./billing-types";

const blankToNull = (value: string) => (value.trim() ? value.trim() : null);

/** A new customer from the three things that identify one; the detail page takes the rest. */
export function CreateCustomerModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const form = useForm({ initialValues: { email: "", name: "", external_id: "" }, validate: { email: emailField } });

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const customer = await billingApi<Customer>("/v1/customers/", {
        method: "POST",
        body: { email: values.email.trim(), name: blankToNull(values.name), external_id: blankToNull(values.external_id) },
      });
      onCreated();
      close();
      await navigate({ to: "/dashboard/customers/$id", params: { id: customer.id } });
    } catch (failure) {
      if (failure instanceof BillingApiError) form.setErrors(failure.fieldErrors);
      setError(failure as Error);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Create customer" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ActionErrorAlert error={error} title="Could not create the customer" />
          <TextInput label="Email" type="email" required data-autofocus {...form.getInputProps("email")} />
          <TextInput label="Name" {...form.getInputProps("name")} />
          <TextInput
            label="External ID"
            description="Your own system's ID for this customer; it cannot change once set."
            {...form.getInputProps("external_id")}
          />
          <ModalActions confirmLabel="Create customer" loading={busy} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
