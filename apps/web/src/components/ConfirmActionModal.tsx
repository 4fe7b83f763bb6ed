import { Modal, Stack, Text } from "@mantine/core";
import { type ReactNode, useState } from "react";
import type { AuthCallError } from "../lib/errors";
import { ActionErrorAlert } from "./ActionErrorAlert";
import { ModalActions } from "./ModalActions";

interface ConfirmActionModalProps {
  opened: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  color?: string;
  /** Title of the alert that shows the server's refusal. */
  errorTitle?: string;
  onClose: () => void;
  /** Resolves to the server's refusal to show it in the dialog, or null when done (the dialog closes). */
  onConfirm: () => Promise<AuthCallError | null>;
}

/** "Are you sure?" before removing, cancelling or deleting something; a refusal stays visible in the dialog. */
export function ConfirmActionModal({
  opened,
  title,
  description,
  confirmLabel,
  color = "red",
  errorTitle,
  onClose,
  onConfirm,
}: ConfirmActionModalProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    const failure = await onConfirm();
    setBusy(false);
    if (failure) setError(failure);
    else close();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack gap="sm">
        <Text size="sm">{description}</Text>
        <ActionErrorAlert error={error} title={errorTitle} />
        <ModalActions confirmLabel={confirmLabel} color={color} loading={busy} onCancel={close} onConfirm={() => void confirm()} />
      </Stack>
    </Modal>
  );
}
