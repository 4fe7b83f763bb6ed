import { Button, Group, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { ConfirmActionModal } from "../../components/ConfirmActionModal";
import { authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";
import { notifyError, notifySuccess } from "../../lib/notify";
import { SectionCard } from "../account/SectionCard";
import { adminKeys } from "./admin.queries";
import { BanUserModal } from "./BanUserModal";
import { SetPasswordModal } from "./SetPasswordModal";

interface ActionUser {
  id: string;
  name: string;
  email: string;
  banned?: boolean | null | undefined;
}

/** Ban or unban, impersonate, set the password, delete: what an admin does to one user. */
export function UserActionsSection({ user, isSelf }: { user: ActionUser; isSelf: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [banOpened, banModal] = useDisclosure(false);
  const [passwordOpened, passwordModal] = useDisclosure(false);
  const [deleteOpened, deleteModal] = useDisclosure(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const who = user.name || user.email;

  const unban = useMutation({
    mutationFn: async () => unwrap(await authClient.admin.unbanUser({ userId: user.id })),
    onSuccess: () => notifySuccess(`${who} may sign in again.`, "User unbanned"),
    onError: (error) => notifyError(error, "Could not unban the user"),
    onSettled: refresh,
  });

  const impersonate = useMutation({
    mutationFn: async () => unwrap(await authClient.admin.impersonateUser({ userId: user.id })),
    onSuccess: async () => {
      // Leave the console first: as the impersonated user, its guard would answer "not allowed".
      await navigate({ to: "/" });
      // Nothing cached for the admin may show as the other person's data.
      queryClient.clear();
      notifySuccess(`You are now signed in as ${who}.`, "Impersonating");
    },
    onError: (error) => notifyError(error, "Could not impersonate the user"),
  });

  const deleteUser = async () => {
    const result = await authClient.admin.removeUser({ userId: user.id });
    if (result.error) return result.error;
    notifySuccess(`${user.email} was deleted.`, "User deleted");
    await navigate({ to: "/admin" });
    queryClient.removeQueries({ queryKey: adminKeys.user(user.id) });
    await refresh();
    return null;
  };

  if (isSelf)
    return (
      <SectionCard title="Actions">
        <Text size="sm" c="dimmed">
          This is your own account: you cannot ban, impersonate or delete yourself here. Use your account page instead.
        </Text>
        <Group>
          <Button variant="default" onClick={passwordModal.open}>
            Set password
          </Button>
        </Group>
        <SetPasswordModal opened={passwordOpened} user={user} onClose={passwordModal.close} />
      </SectionCard>
    );

  return (
    <SectionCard title="Actions">
      <Group>
        {user.banned ? (
          <Button color="green" variant="light" loading={unban.isPending} onClick={() => unban.mutate()}>
            Unban user
          </Button>
        ) : (
          <Button color="red" variant="light" onClick={banModal.open}>
            Ban user
          </Button>
        )}
        <Button variant="default" loading={impersonate.isPending} onClick={() => impersonate.mutate()}>
          Impersonate
        </Button>
        <Button variant="default" onClick={passwordModal.open}>
          Set password
        </Button>
        <Button color="red" onClick={deleteModal.open}>
          Delete user
        </Button>
      </Group>
      <BanUserModal
        opened={banOpened}
        user={user}
        onClose={banModal.close}
        onBanned={() => {
          notifySuccess(`${who} is banned and signed out everywhere.`, "User banned");
          void refresh();
        }}
      />
      <SetPasswordModal opened={passwordOpened} user={user} onClose={passwordModal.close} />
      <ConfirmActionModal
        opened={deleteOpened}
        title={`Delete ${who}?`}
        description={`${user.email} loses their account, sessions and sign-in methods. This cannot be undone.`}
        confirmLabel="Delete user"
        onClose={deleteModal.close}
        onConfirm={deleteUser}
      />
    </SectionCard>
  );
}
