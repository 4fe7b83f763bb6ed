import { Alert, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PageLoader } from "../../components/PageLoader";
import { authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { SectionCard } from "../account/SectionCard";
import { adminKeys, useUserSessions } from "./admin.queries";

const deviceName = (userAgent: string | null | undefined) => userAgent?.trim() || "Unknown device";

/** A user's live sessions; revoking one signs that device out at its next request. */
export function UserSessionsSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const sessions = useUserSessions(userId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.sessions(userId) });

  const revoke = useMutation({
    mutationFn: async (sessionToken: string) => unwrap(await authClient.admin.revokeUserSession({ sessionToken })),
    onSuccess: () => notifySuccess("The session was signed out."),
    onError: (error) => notifyError(error, "Could not revoke the session"),
    onSettled: refresh,
  });
  const revokeAll = useMutation({
    mutationFn: async () => unwrap(await authClient.admin.revokeUserSessions({ userId })),
    onSuccess: () => notifySuccess("Every session of this user was signed out."),
    onError: (error) => notifyError(error, "Could not revoke the sessions"),
    onSettled: refresh,
  });

  let body: React.ReactNode;
  if (sessions.isPending) body = <PageLoader label="Loading sessions" />;
  else if (sessions.isError)
    body = (
      <Alert color="red" role="alert" title="Could not load the sessions">
        {sessions.error.message}
      </Alert>
    );
  else if (sessions.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        No active sessions.
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="sm">
          <Table.Caption>Devices signed in to this account</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Device</Table.Th>
              <Table.Th scope="col">IP address</Table.Th>
              <Table.Th scope="col">Created</Table.Th>
              <Table.Th scope="col">Expires</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data.map((session) => {
              const device = deviceName(session.userAgent);
              return (
                <Table.Tr key={session.id}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>
                    <Stack gap={4} align="flex-start">
                      <Text size="sm">{device}</Text>
                      {session.impersonatedBy && (
                        <Badge color="orange" variant="light">
                          Impersonation
                        </Badge>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{session.ipAddress || "—"}</Table.Td>
                  <Table.Td>{formatDateTime(session.createdAt)}</Table.Td>
                  <Table.Td>{formatDateTime(session.expiresAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      aria-label={`Revoke session ${device}, created ${formatDateTime(session.createdAt)}`}
                      loading={revoke.isPending && revoke.variables === session.token}
                      onClick={() => revoke.mutate(session.token)}
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <SectionCard title="Sessions" description="Every browser or device signed in to this account.">
      {body}
      <Group>
        <Button
          color="red"
          variant="outline"
          disabled={!sessions.data?.length}
          loading={revokeAll.isPending}
          onClick={() => revokeAll.mutate()}
        >
          Revoke all sessions
        </Button>
      </Group>
    </SectionCard>
  );
}
