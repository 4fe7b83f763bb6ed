import { Modal, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ModalActions } from "../../components/ModalActions";
import { PasswordField } from "../../components/PasswordField";
import type { AuthCallError } from "../../lib/errors";
import { passwordField } from "../auth/validation";

interface ConfirmPasswordModalProps {
  opened: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  color?: string;
  onClose: () => void;
  /** Resolves to the server's error to show it in the dialog, or null when done (the caller closes). */
  onConfirm: (password: string) => Promise<AuthCallError | null>;
}

/** Asks for the account password before a change better-auth guards with it (two-factor, deleting the account). */
export function ConfirmPasswordModal({ opened, title, description, confirmLabel, color, onClose, onConfirm }: ConfirmPasswordModalProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);
  const form = useForm({ initialValues: { password: "" }, validate: { password: passwordField } });

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(async ({ password }) => {
    setBusy(true);
    setError(null);
    const failure = await onConfirm(password);
    setBusy(false);
    if (failure) setError(failure);
    else form.reset();
  });

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{description}</Text>
          <ActionErrorAlert error={error} />
          <PasswordField label="Password" autoComplete="current-password" required data-autofocus {...form.getInputProps("password")} />
          <ModalActions confirmLabel={confirmLabel} color={color} loading={busy} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
