import { Modal, Stack, Text } from "@mantine/core";
import { type ReactNode, useState } from "react";
import type { AuthCallError } from "../../lib/errors";
import { ActionErrorAlert } from "../account/ActionErrorAlert";
import { ModalActions } from "../account/ModalActions";

interface ConfirmActionModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  onClose: () => void;
  /** Resolves to the server's error to show it in the dialog, or null when done (the dialog closes). */
  onConfirm: () => Promise<AuthCallError | null>;
}

/** "Are you sure?" before a change that cannot be taken back (deleting a user or a key). */
export function ConfirmActionModal({ opened, title, children, confirmLabel, color = "red", onClose, onConfirm }: ConfirmActionModalProps) {
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
        <Text size="sm" component="div">
          {children}
        </Text>
        <ActionErrorAlert error={error} />
        <ModalActions confirmLabel={confirmLabel} color={color} loading={busy} onCancel={close} onConfirm={confirm} />
      </Stack>
    </Modal>
  );
}
