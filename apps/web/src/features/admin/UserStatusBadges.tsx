import { Badge, Group } from "@mantine/core";
import { formatDateTime } from "../../lib/format";

interface StatusUser {
  banned?: boolean | null | undefined;
  banExpires?: Date | string | null | undefined;
  emailVerified: boolean;
}

/** Banned (and until when) and whether the address is verified, as badges. */
export function UserStatusBadges({ user }: { user: StatusUser }) {
  return (
    <Group gap={4}>
      {user.banned ? (
        <Badge color="red" variant="light">
          {user.banExpires ? `Banned until ${formatDateTime(user.banExpires)}` : "Banned"}
        </Badge>
      ) : (
        <Badge color="green" variant="light">
          Active
        </Badge>
      )}
      {!user.emailVerified && (
        <Badge color="gray" variant="light">
          Unverified
        </Badge>
      )}
    </Group>
  );
}
