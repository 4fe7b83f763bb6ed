import { Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ModalActions } from "../../components/ModalActions";
import { BillingApiError, billingApi } from "../../lib/billing-api";
import { requiredField } from "../auth/validation";
import type { AccessToken } from "./billing-types";
import { ScopePicker } from "./ScopePicker";

interface EditAccessTokenModalProps {
  token: AccessToken;
  scopes: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}

/** Changes a token's comment and scopes; its secret and expiry stay as they are. Render keyed by token. */
export function EditAccessTokenModal({ token, scopes, onClose, onSaved }: EditAccessTokenModalProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const form = useForm({
    initialValues: { comment: token.comment, scopes: token.scopes },
    validate: { comment: requiredField("Comment"), scopes: (value: string[]) => (value.length ? null : "Choose at least one scope") },
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      await billingApi(`/v1/organization-access-tokens/${token.id}`, {
        method: "PATCH",
        body: { comment: values.comment.trim(), scopes: values.scopes },
      });
      onSaved();
      onClose();
    } catch (failure) {
      if (failure instanceof BillingApiError) form.setErrors(failure.fieldErrors);
      setError(failure as Error);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened onClose={onClose} title="Edit access token" centered size="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ActionErrorAlert error={error} title="Could not save the token" />
          <TextInput label="Comment" required maxLength={255} data-autofocus {...form.getInputProps("comment")} />
          <ScopePicker
            scopes={scopes.length ? scopes : token.scopes}
            value={form.values.scopes}
            onChange={(value) => form.setFieldValue("scopes", value)}
            error={form.errors.scopes as string | undefined}
          />
          <ModalActions confirmLabel="Save" loading={busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
