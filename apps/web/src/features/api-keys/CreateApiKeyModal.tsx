import { Modal, NativeSelect, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ModalActions } from "../../components/ModalActions";
import { ShownOnceSecret } from "../../components/ShownOnceSecret";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";
import { requiredField } from "../auth/validation";
import { apiKeysQueryKey, expiryChoices, maxNameLength } from "./api-keys.queries";

const DAY = 24 * 3600;

function nameField(value: string) {
  return requiredField("Name")(value) ?? (value.trim().length > maxNameLength ? `Use at most ${maxNameLength} characters` : null);
}

function prefixField(value: string) {
  if (!value) return null;
  return /^[a-zA-Z0-9_-]{1,32}$/.test(value) ? null : "Use up to 32 letters, digits, underscores and hyphens";
}

/**
 * Creates a key and shows it in full exactly once: only its hash is stored, so the dialog insists on
 * copying it before it closes.
 */
export function CreateApiKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const form = useForm({
    initialValues: { name: "", expiry: "never", prefix: "" },
    validate: { name: nameField, prefix: prefixField },
  });

  const close = () => {
    form.reset();
    setError(null);
    // The secret leaves memory with the dialog.
    setCreated(null);
    onClose();
  };

  const submit = form.onSubmit(async ({ name, expiry, prefix }) => {
    setBusy(true);
    setError(null);
    const result = await authClient.apiKey.create({
      name: name.trim(),
      ...(expiry === "never" ? {} : { expiresIn: Number(expiry) * DAY }),
      ...(prefix ? { prefix } : {}),
    });
    setBusy(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    setCreated({ name: result.data.name ?? name.trim(), key: result.data.key });
    void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
  });

  return (
    <Modal opened={opened} onClose={close} title={created ? "Copy your new API key" : "Create API key"} centered size="lg">
      {created ? (
        <ShownOnceSecret
          secret={created.key}
          noun="key"
          warning="This is the only time the full key is shown. Gatehouse keeps only a hash of it: if you lose it, delete it and create a new one."
          intro={`Your key "${created.name}":`}
          label="New API key"
          onDone={close}
        />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <ActionErrorAlert error={error} title="Could not create the key" />
            <TextInput
              label="Name"
              description="What the key is for, so you recognise it later."
              required
              maxLength={maxNameLength}
              data-autofocus
              {...form.getInputProps("name")}
            />
            <NativeSelect label="Expires after" data={expiryChoices} {...form.getInputProps("expiry")} />
            <TextInput
              label="Prefix"
              description="Optional: the key starts with it, which helps secret scanners and you tell keys apart."
              placeholder="Server default"
              {...form.getInputProps("prefix")}
            />
            <ModalActions confirmLabel="Create API key" loading={busy} onCancel={close} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
