import { Badge, Group } from "@mantine/core";
import { roleList } from "../../lib/roles";

const roleColor: Record<string, string> = { owner: "grape", admin: "blue", member: "gray" };

/** A member's roles, one badge each (a role list like "admin,member" grants their union). */
export function RoleBadges({ role }: { role: string }) {
  return (
    <Group gap={4}>
      {roleList(role).map((name) => (
        <Badge key={name} variant="light" color={roleColor[name] ?? "teal"}>
          {name}
        </Badge>
      ))}
    </Group>
  );
}
