import { Button, Group, NativeSelect } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";
import { notifyError, notifySuccess } from "../../lib/notify";
import { roleList } from "../../lib/roles";
import { adminKeys, type PlatformRole, platformRoles } from "./admin.queries";

const roleLabels: Record<PlatformRole, string> = { user: "User", admin: "Admin" };

/** Changes the platform role; a combined role list set elsewhere shows as its own choice. */
export function UserRoleForm({ user }: { user: { id: string; role?: string | null | undefined } }) {
  const queryClient = useQueryClient();
  const current = user.role || "user";
  const [role, setRole] = useState(current);
  const options = platformRoles.map((r) => ({ value: r, label: roleLabels[r] }));
  if (!(platformRoles as readonly string[]).includes(current)) options.push({ value: current as PlatformRole, label: current });

  const save = useMutation({
    mutationFn: async (next: string) => {
      const roles = roleList(next) as PlatformRole[];
      return unwrap(await authClient.admin.setRole({ userId: user.id, role: roles.length === 1 ? (roles[0] as PlatformRole) : roles }));
    },
    onSuccess: () => notifySuccess("The role was changed."),
    onError: (error) => notifyError(error, "Could not change the role"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(role);
      }}
    >
      <Group align="flex-end">
        <NativeSelect label="Platform role" data={options} value={role} onChange={(event) => setRole(event.currentTarget.value)} />
        <Button type="submit" variant="default" disabled={role === current} loading={save.isPending}>
          Save role
        </Button>
      </Group>
    </form>
  );
}
