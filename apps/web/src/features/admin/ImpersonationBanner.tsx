import { Alert, Button, Group, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { authClient } from "../../lib/auth-client";
import { notifyError } from "../../lib/notify";

/**
 * Shown on every page while a platform admin is impersonating someone: everything done here is
 * done as that person, so it must never be forgotten. Stopping returns to the admin's own session
 * and to the impersonated user's page in the console.
 */
export function ImpersonationBanner() {
  const { data: session, refetch } = authClient.useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!session?.session.impersonatedBy) return null;

  const { user } = session;
  const stop = async () => {
    setBusy(true);
    const result = await authClient.admin.stopImpersonating();
    if (result.error) {
      setBusy(false);
      notifyError(result.error, "Could not stop impersonating");
      return;
    }
    // Nothing cached as the impersonated user may show in the admin's own session.
    queryClient.clear();
    // The console's guard reads the session: it must be the admin's again before going there.
    await refetch();
    setBusy(false);
    await navigate({ to: "/admin/users/$userId", params: { userId: user.id } });
  };

  return (
    <Alert color="orange" variant="filled" role="alert" title="Impersonation" mb="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          You are impersonating <strong>{user.name || user.email}</strong>
          {user.name ? ` (${user.email})` : ""}. Everything you do here, you do as them.
        </Text>
        <Button color="dark" loading={busy} onClick={() => void stop()}>
          Stop impersonating
        </Button>
      </Group>
    </Alert>
  );
}
