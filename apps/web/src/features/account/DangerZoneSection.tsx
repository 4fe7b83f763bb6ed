import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDisclosure } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { PasswordField } from "../../components/PasswordField";
import { authClient } from "../../lib/auth-client";
import { errorMessage } from "../../lib/errors";
import { notifyError, notifySuccess } from "../../lib/notify";
import { passwordField } from "../auth/validation";
import { SectionCard } from "./SectionCard";

export function DangerZoneSection() {
  const [opened, { open, close }] = useDisclosure(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server may be set to confirm deletion by email instead of deleting at once.
  const [verificationSent, setVerificationSent] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refetch: refetchSession } = authClient.useSession();
  const form = useForm({ initialValues: { password: "" }, validate: { password: passwordField } });

  const closeModal = () => {
    form.reset();
    setError(null);
    close();
  };

  const submit = form.onSubmit(async ({ password }) => {
    setDeleting(true);
    setError(null);
    const result = await authClient.deleteUser({ password, callbackURL: "/goodbye" });
    setDeleting(false);
    if (result.error) {
      setError(errorMessage(result.error));
      notifyError(result.error, "Could not delete your account");
      return;
    }
    if (result.data?.message === "Verification email sent") {
      closeModal();
      setVerificationSent(true);
      notifySuccess("Follow the link we emailed you to confirm the deletion.", "Verification email sent");
      return;
    }
    closeModal();
    // Navigate before refreshing the session store: once it is empty, this page's
    // guard would otherwise redirect to /sign-in instead.
    await navigate({ to: "/goodbye" });
    queryClient.clear();
    await refetchSession();
  });

  return (
    <SectionCard
      title="Delete account"
      description="Deleting your account removes your profile, sessions and login methods. This cannot be undone."
    >
      {verificationSent && (
        <Alert color="yellow" role="status" title="Verification email sent">
          We sent you an email to confirm the deletion. Your account is deleted once you follow the link in it.
        </Alert>
      )}
      <Group>
        <Button color="red" onClick={open}>
          Delete account
        </Button>
      </Group>
      <Modal opened={opened} onClose={closeModal} title="Delete your account?" centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">Enter your password to confirm. This cannot be undone.</Text>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <PasswordField label="Password" autoComplete="current-password" required data-autofocus {...form.getInputProps("password")} />
            <Group justify="flex-end">
              <Button variant="default" onClick={closeModal}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={deleting}>
                Delete account permanently
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </SectionCard>
  );
}
