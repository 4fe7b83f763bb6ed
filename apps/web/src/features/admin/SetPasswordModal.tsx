import { Modal, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ModalActions } from "../../components/ModalActions";
import { PasswordField } from "../../components/PasswordField";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";
import { notifySuccess } from "../../lib/notify";
import { matchesField, passwordField } from "../auth/validation";

/** Sets a user's password (creating their password login if they had none); the server's policy applies. */
export function SetPasswordModal({ opened, user, onClose }: { opened: boolean; user: { id: string; email: string }; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);
  const form = useForm({
    initialValues: { password: "", confirm: "" },
    validate: { password: passwordField, confirm: matchesField("password") },
  });

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(async ({ password }) => {
    setBusy(true);
    setError(null);
    const result = await authClient.admin.setUserPassword({ userId: user.id, newPassword: password });
    setBusy(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    notifySuccess(`The password of ${user.email} was set.`);
    close();
  });

  return (
    <Modal opened={opened} onClose={close} title="Set password" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{`Give ${user.email} a new password. Tell it to them through a channel you trust.`}</Text>
          <ActionErrorAlert error={error} title="Could not set the password" />
          <PasswordField label="New password" required autoComplete="new-password" data-autofocus {...form.getInputProps("password")} />
          <PasswordField label="Confirm password" required autoComplete="new-password" {...form.getInputProps("confirm")} />
          <ModalActions confirmLabel="Set password" loading={busy} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
