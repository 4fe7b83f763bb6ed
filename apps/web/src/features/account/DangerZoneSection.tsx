import { Alert, Button, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { authClient } from "../../lib/auth-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { ConfirmPasswordModal } from "./ConfirmPasswordModal";
import { SectionCard } from "./SectionCard";

export function DangerZoneSection() {
  const [opened, { open, close }] = useDisclosure(false);
  // The server may be set to confirm deletion by email instead of deleting at once.
  const [verificationSent, setVerificationSent] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refetch: refetchSession } = authClient.useSession();

  const deleteAccount = async (password: string) => {
    const result = await authClient.deleteUser({ password, callbackURL: "/goodbye" });
    if (result.error) {
      notifyError(result.error, "Could not delete your account");
      return result.error;
    }
    close();
    if (result.data?.message === "Verification email sent") {
      setVerificationSent(true);
      notifySuccess("Follow the link we emailed you to confirm the deletion.", "Verification email sent");
      return null;
    }
    // Navigate before refreshing the session store: once it is empty, this page's
    // guard would otherwise redirect to /sign-in instead.
    await navigate({ to: "/goodbye" });
    queryClient.clear();
    await refetchSession();
    return null;
  };

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
      <ConfirmPasswordModal
        opened={opened}
        title="Delete your account?"
        description="Enter your password to confirm. This cannot be undone."
        confirmLabel="Delete account permanently"
        color="red"
        onClose={close}
        onConfirm={deleteAccount}
      />
    </SectionCard>
  );
}
