import { Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { requiredField } from "../features/auth/validation";
import type { AuthCallError } from "../lib/errors";
import { ActionErrorAlert } from "./ActionErrorAlert";
import { ModalActions } from "./ModalActions";

interface RenameModalProps {
  title: string;
  /** The field's label; "Name" unless the dialog needs to say whose. */
  label?: string;
  currentName: string;
  maxLength?: number;
  /** Title of the alert that shows the server's refusal. */
  errorTitle: string;
  onClose: () => void;
  /** Saves the trimmed name: resolves to the server's refusal, or null when done (the dialog closes). */
  onRename: (name: string) => Promise<AuthCallError | null>;
}

/**
 * One name field and "Save name". Render it only while renaming, keyed by the item, so that it
 * always opens on that item's current name with no error left from before.
 */
export function RenameModal({ title, label = "Name", currentName, maxLength, errorTitle, onClose, onRename }: RenameModalProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);
  const form = useForm({ initialValues: { name: currentName }, validate: { name: requiredField("Name") } });

  const submit = form.onSubmit(async ({ name }) => {
    setBusy(true);
    setError(null);
    const failure = await onRename(name.trim());
    setBusy(false);
    if (failure) setError(failure);
    else onClose();
  });

  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ActionErrorAlert error={error} title={errorTitle} />
          <TextInput label={label} required maxLength={maxLength} data-autofocus {...form.getInputProps("name")} />
          <ModalActions confirmLabel="Save name" loading={busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
