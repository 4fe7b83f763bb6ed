import { Modal, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ModalActions } from "../../components/ModalActions";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";

const HOUR = 3600;
const expiryChoices = [
  { value: "never", label: "Never (until unbanned)" },
  { value: String(HOUR), label: "1 hour" },
  { value: String(24 * HOUR), label: "1 day" },
  { value: String(7 * 24 * HOUR), label: "7 days" },
  { value: "custom", label: "Custom date and time" },
];

interface BanUserModalProps {
  opened: boolean;
  user: { id: string; name: string; email: string };
  onClose: () => void;
  onBanned: () => void;
}

/** Seconds from now until a `datetime-local` value, or null when it is not in the future. */
function secondsUntil(local: string): number | null {
  const at = new Date(local).getTime();
  if (Number.isNaN(at)) return null;
  const seconds = Math.round((at - Date.now()) / 1000);
  return seconds > 0 ? seconds : null;
}

/** Bans with a reason and an expiry; better-auth signs the user out everywhere at once. */
export function BanUserModal({ opened, user, onClose, onBanned }: BanUserModalProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);
  const form = useForm({
    initialValues: { reason: "", expiry: "never", until: "" },
    validate: {
      until: (until, values) => (values.expiry !== "custom" || secondsUntil(until) ? null : "Choose a date and time in the future"),
    },
  });

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(async ({ reason, expiry, until }) => {
    const banExpiresIn = expiry === "never" ? undefined : expiry === "custom" ? (secondsUntil(until) ?? undefined) : Number(expiry);
    setBusy(true);
    setError(null);
    const result = await authClient.admin.banUser({
      userId: user.id,
      ...(reason.trim() ? { banReason: reason.trim() } : {}),
      ...(banExpiresIn ? { banExpiresIn } : {}),
    });
    setBusy(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    close();
    onBanned();
  });

  return (
    <Modal opened={opened} onClose={close} title={`Ban ${user.name || user.email}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {`${user.email} is signed out on every device at once and cannot sign in again until the ban ends or is lifted.`}
          </Text>
          <ActionErrorAlert error={error} title="Could not ban the user" />
          <TextInput label="Reason" data-autofocus {...form.getInputProps("reason")} />
          <NativeSelect label="Ban ends" data={expiryChoices} {...form.getInputProps("expiry")} />
          {form.values.expiry === "custom" && (
            <TextInput label="End date and time" type="datetime-local" required {...form.getInputProps("until")} />
          )}
          <ModalActions confirmLabel="Ban user" color="red" loading={busy} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
