import { Alert, Group, Stack, Table, Text, Title } from "@mantine/core";
import { AnchorLink } from "../../components/links";
import { PageLoader } from "../../components/PageLoader";
import { authClient } from "../../lib/auth-client";
import { formatDateTime } from "../../lib/format";
import { SectionCard } from "../account/SectionCard";
import { useAdminUser } from "./admin.queries";
import { UserActionsSection } from "./UserActionsSection";
import { UserRoleForm } from "./UserRoleForm";
import { UserSessionsSection } from "./UserSessionsSection";
import { UserStatusBadges } from "./UserStatusBadges";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={{ base: "40%", sm: "12rem" }}>
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: "anywhere" }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** /admin/users/$userId: one user's record, role, actions and sessions. */
export function AdminUserPage({ userId }: { userId: string }) {
  const { data: session } = authClient.useSession();
  const user = useAdminUser(userId);

  if (user.isPending) return <PageLoader label="Loading the user" />;
  if (user.isError)
    return (
      <Alert color="red" role="alert" title="Could not load the user">
        {user.error.message} <AnchorLink to="/admin">Back to all users</AnchorLink>
      </Alert>
    );

  const u = user.data;
  return (
    <Stack gap="md">
      <div>
        <AnchorLink to="/admin" size="sm">
          ← All users
        </AnchorLink>
        <Title order={2} size="h3" mt="xs">
          {u.name || u.email}
        </Title>
        <Text c="dimmed">{u.email}</Text>
      </div>
      <SectionCard title="Details">
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            <Row label="User id">{u.id}</Row>
            <Row label="Status">
              <UserStatusBadges user={u} />
            </Row>
            {u.banned && <Row label="Ban reason">{u.banReason || "—"}</Row>}
            {u.banned && <Row label="Ban ends">{u.banExpires ? formatDateTime(u.banExpires) : "Never (until unbanned)"}</Row>}
            <Row label="Email verified">{u.emailVerified ? "Yes" : "No"}</Row>
            <Row label="Created">{formatDateTime(u.createdAt)}</Row>
            <Row label="Updated">{formatDateTime(u.updatedAt)}</Row>
          </Table.Tbody>
        </Table>
        <UserRoleForm key={u.role ?? "user"} user={u} />
        <Group gap="md">
          <AnchorLink to="/admin/audit-log" search={{ actorUserId: u.id }} size="sm">
            Audit log: actions by this user
          </AnchorLink>
          <AnchorLink to="/admin/audit-log" search={{ targetId: u.id }} size="sm">
            Audit log: actions on this user
          </AnchorLink>
        </Group>
      </SectionCard>
      <UserActionsSection user={u} isSelf={session?.user.id === u.id} />
      <UserSessionsSection userId={u.id} />
    </Stack>
  );
}
