import { Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { ModalActions } from "../../components/ModalActions";
import { billingApi } from "../../lib/billing-api";
import { requiredField } from "../auth/validation";
import { useBillingSubmit } from "./billing-submit";
import type { AccessToken } from "./billing-types";
import { ScopePicker } from "./ScopePicker";

interface EditAccessTokenModalProps {
  token: AccessToken;
  scopes: readonly string[];
  onClose: () => void;
}

/** Changes a token's comment and scopes; its secret and expiry stay as they are. Render keyed by token. */
export function EditAccessTokenModal({ token, scopes, onClose }: EditAccessTokenModalProps) {
  const form = useForm({
    initialValues: { comment: token.comment, scopes: token.scopes },
    validate: { comment: requiredField("Comment"), scopes: (value: string[]) => (value.length ? null : "Choose at least one scope") },
  });

  const save = useBillingSubmit({ form, errorTitle: "Could not save the token", refresh: ["organization-access-tokens"] });

  const submit = form.onSubmit((values) =>
    save.run(
      () =>
        billingApi(`/v1/organization-access-tokens/${token.id}`, {
          method: "PATCH",
          body: { comment: values.comment.trim(), scopes: values.scopes },
        }),
      { onSaved: onClose },
    ),
  );

  return (
    <Modal opened onClose={onClose} title="Edit access token" centered size="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Comment" required maxLength={255} data-autofocus {...form.getInputProps("comment")} />
          <ScopePicker
            scopes={scopes.length ? scopes : token.scopes}
            value={form.values.scopes}
            onChange={(value) => form.setFieldValue("scopes", value)}
            error={form.errors.scopes as string | undefined}
          />
          <ModalActions confirmLabel="Save" loading={save.busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
