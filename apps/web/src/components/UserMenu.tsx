import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type AuthSession, authClient } from "../lib/auth-client";
import { notifyError, notifySuccess } from "../lib/notify";

/** Signs out, forgets cached per-user data, and returns home. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    // Leave guarded pages first, so their "no session → /sign-in" redirect does
    // not race this navigation once the session store empties.
    await navigate({ to: "/" });
    const result = await authClient.signOut();
    if (result.error) {
      notifyError(result.error, "Could not sign out");
      return;
    }
    queryClient.clear();
    notifySuccess("You are signed out.");
  };
}

export function UserMenu({ user }: { user: AuthSession["user"] }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="User menu" style={{ borderRadius: "var(--mantine-radius-md)" }} p={4}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={user.image ?? null} name={user.name} size="sm" alt="" />
            <Text size="sm" fw={500} visibleFrom="sm" truncate maw={160}>
              {user.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item onClick={() => navigate({ to: "/account" })}>Account</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={signOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
