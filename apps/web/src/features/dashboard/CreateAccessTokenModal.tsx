import { Alert, Button, Code, CopyButton, Group, Modal, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ModalActions } from "../../components/ModalActions";
import { BillingApiError, billingApi } from "../../lib/billing-api";
import { requiredField } from "../auth/validation";
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
  onCreated: () => void;
}

/** Creates an organization access token and shows it once: the server keeps only its hash. */
export function CreateAccessTokenModal({ opened, scopes, onClose, onCreated }: CreateAccessTokenModalProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const [created, setCreated] = useState<{ comment: string; token: string } | null>(null);
  const form = useForm({
    initialValues: { comment: "", scopes: [] as string[], expiresIn: "never" },
    validate: { comment: requiredField("Comment"), scopes: scopesField },
  });

  const close = () => {
    form.reset();
    setError(null);
    // The secret leaves memory with the dialog.
    setCreated(null);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const result = await billingApi<AccessTokenCreated>("/v1/organization-access-tokens/", {
        method: "POST",
        body: { comment: values.comment.trim(), scopes: values.scopes, expires_in: values.expiresIn === "never" ? null : values.expiresIn },
      });
      setCreated({ comment: result.organization_access_token.comment, token: result.token });
      onCreated();
    } catch (failure) {
      if (failure instanceof BillingApiError) form.setErrors(failure.fieldErrors);
      setError(failure as Error);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={created ? "Copy your new access token" : "Create access token"} centered size="xl">
      {created ? (
        <Stack gap="sm">
          <Alert color="yellow" role="alert" title="Copy this token now">
            This is the only time the token is shown. Gatehouse keeps only a hash of it: if you lose it, delete it and create a new one.
          </Alert>
          <Text size="sm">{`Your token "${created.comment}":`}</Text>
          <Code block data-testid="new-token" aria-label="New access token" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
            {created.token}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={created.token}>
              {({ copied, copy }) => (
                <Button variant={copied ? "light" : "default"} color={copied ? "green" : undefined} onClick={copy}>
                  {copied ? "Copied" : "Copy token"}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>I copied the token</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <ActionErrorAlert error={error} title="Could not create the token" />
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
            <ModalActions confirmLabel="Create" loading={busy} onCancel={close} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
