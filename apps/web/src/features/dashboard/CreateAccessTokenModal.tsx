import { Modal, NativeSelect, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { ModalActions } from "../../components/ModalActions";
import { ShownOnceSecret } from "../../components/ShownOnceSecret";
import { billingApi } from "../../lib/billing-api";
import { requiredField } from "../auth/validation";
import { useBillingSubmit } from "./billing-submit";
import type { AccessTokenCreated } from "./billing-types";
import { ScopePicker } from "./ScopePicker";

/** Polar takes the lifetime as an ISO 8601 duration; "never" sends null. */
export const TOKEN_EXPIRY_CHOICES = [
  { value: "never", label: "Never" },
  { value: "P7D", label: "7 days" },
  { value: "P30D", label: "30 days" },
  { value: "P90D", label: "90 days" },
];

const scopesField = (value: string[]) => (value.length ? null : "Choose at least one scope");

interface CreateAccessTokenModalProps {
  opened: boolean;
  scopes: readonly string[];
  onClose: () => void;
}

/** Creates an organization access token and shows it once: the server keeps only its hash. */
export function CreateAccessTokenModal({ opened, scopes, onClose }: CreateAccessTokenModalProps) {
  const [created, setCreated] = useState<{ comment: string; token: string } | null>(null);
  const form = useForm({
    initialValues: { comment: "", scopes: [] as string[], expiresIn: "never" },
    validate: { comment: requiredField("Comment"), scopes: scopesField },
  });
  const save = useBillingSubmit({
    form,
    errorTitle: "Could not create the token",
    refresh: ["organization-access-tokens"],
    fieldNames: { expires_in: "expiresIn" },
  });

  const close = () => {
    form.reset();
    // The secret leaves memory with the dialog.
    setCreated(null);
    onClose();
  };

  const submit = form.onSubmit((values) =>
    save.run(
      () =>
        billingApi<AccessTokenCreated>("/v1/organization-access-tokens/", {
          method: "POST",
          body: {
            comment: values.comment.trim(),
            scopes: values.scopes,
            expires_in: values.expiresIn === "never" ? null : values.expiresIn,
          },
        }),
      { onSaved: (result) => setCreated({ comment: result.organization_access_token.comment, token: result.token }) },
    ),
  );

  return (
    <Modal opened={opened} onClose={close} title={created ? "Copy your new access token" : "Create access token"} centered size="xl">
      {created ? (
        <ShownOnceSecret
          secret={created.token}
          noun="token"
          warning="This is the only time the token is shown. Gatehouse keeps only a hash of it: if you lose it, delete it and create a new one."
          intro={`Your token "${created.comment}":`}
          label="New access token"
          testId="new-token"
          onDone={close}
        />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Comment"
              description="What the token is for, so you recognise it later."
              required
              maxLength={255}
              data-autofocus
              {...form.getInputProps("comment")}
            />
            <NativeSelect label="Expires after" data={TOKEN_EXPIRY_CHOICES} {...form.getInputProps("expiresIn")} />
            <ScopePicker
              scopes={scopes}
              value={form.values.scopes}
              onChange={(value) => form.setFieldValue("scopes", value)}
              error={form.errors.scopes as string | undefined}
            />
            <ModalActions confirmLabel="Create" loading={save.busy} onCancel={close} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
