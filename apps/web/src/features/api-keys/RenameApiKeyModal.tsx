import { Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";
import { notifySuccess } from "../../lib/notify";
import { ActionErrorAlert } from "../account/ActionErrorAlert";
import { ModalActions } from "../account/ModalActions";
import { type ApiKeyListItem, apiKeysQueryKey, maxNameLength } from "./api-keys.queries";

export function RenameApiKeyModal({ apiKey, onClose }: { apiKey: ApiKeyListItem | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);
  const form = useForm({
    initialValues: { name: apiKey?.name ?? "" },
    validate: { name: (v: string) => (v.trim() ? null : "Name is required") },
  });

  const close = () => {
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(async ({ name }) => {
    if (!apiKey) return;
    setBusy(true);
    setError(null);
    const result = await authClient.apiKey.update({ keyId: apiKey.id, name: name.trim() });
    setBusy(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    notifySuccess("The key was renamed.");
    close();
  });

  return (
    <Modal opened={apiKey !== null} onClose={close} title="Rename API key" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ActionErrorAlert error={error} title="Could not rename the key" />
          <TextInput label="Name" required maxLength={maxNameLength} data-autofocus {...form.getInputProps("name")} />
          <ModalActions confirmLabel="Save name" loading={busy} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
